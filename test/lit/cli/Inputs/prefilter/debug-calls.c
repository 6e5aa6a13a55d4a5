#include <fcntl.h>
#include <stdio.h>
#include "debug.h"

static int lib_mask = 1;

int quiet_open(const char *p)
{
	DBG(CXT, puts(p));
	LOG("%s\n", p);
	return open(p, 0);
}
