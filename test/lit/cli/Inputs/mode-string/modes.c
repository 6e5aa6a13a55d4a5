#include <stdio.h>

/* No flag name: a mode string alone makes the finding, so the unit runs. */
FILE *open_log(const char *p)
{
	return fopen(p, "rw");
}

FILE *run(const char *cmd)
{
	return popen(cmd, "rb");
}
