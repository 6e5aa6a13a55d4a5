#include <fcntl.h>

static inline int truncating_open(const char *p)
{
	return open(p, O_WRONLY | AT_REMOVEDIR);
}
