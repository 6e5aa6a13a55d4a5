#include <fcntl.h>

/* Built twice: the finding is only in the configuration with USE_AT. */
int twice(const char *p)
{
#ifdef USE_AT
	return open(p, O_RDONLY | AT_REMOVEDIR);
#else
	return open(p, O_RDONLY);
#endif
}
