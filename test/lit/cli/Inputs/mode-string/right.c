#include <stdio.h>

FILE *open_log(const char *p)
{
	return fopen(p, "r+");
}
