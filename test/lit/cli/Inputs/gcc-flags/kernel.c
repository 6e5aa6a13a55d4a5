#define _GNU_SOURCE
#include <fcntl.h>

int gcc_flags(const char *p)
{
	return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
}
