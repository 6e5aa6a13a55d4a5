#include <fcntl.h>
#include "shared.h"

int create(const char *p)
{
	return open(p, O_CREAT | O_WRONLY);
}
