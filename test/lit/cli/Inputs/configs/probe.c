#include <fcntl.h>

/* The branch depends on the search path, not on any macro. */
int probe(const char *p)
{
#if __has_include(<probe-target.h>)
	return open(p, O_RDONLY | AT_REMOVEDIR);
#else
	return open(p, O_RDONLY);
#endif
}
