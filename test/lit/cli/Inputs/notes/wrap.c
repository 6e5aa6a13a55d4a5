#define _GNU_SOURCE
#include <fcntl.h>

static int xopen(const char *p, int flags) { return open(p, flags); }

int use(const char *p)
{
	int r = xopen(p, AT_EMPTY_PATH);

	r |= open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
	return r;
}
