#include <stdio.h>
#include "mode.h"

FILE *open_log(const char *p)
{
	return fopen(p, LOG_MODE);
}
