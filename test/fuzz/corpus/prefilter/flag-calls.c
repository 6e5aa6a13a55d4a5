#include <fcntl.h>
#include "debug.h"

int flagged_open(const char *p)
{
	return open(p, OFLAG2(WRONLY) | ATFLAG2(REMOVEDIR));
}
