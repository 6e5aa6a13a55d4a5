#include "compat.h"

int MASK(lib);

/* A call the rules know, with no flag name: no finding is possible. */
int compat(const char *p)
{
	return open(p, 0) + lib_debug_mask;
}
