/* broken.c: a finding, then a compile error: never stored, so never
 * replayed as clean. The error is a statement of its own: how clang
 * recovers from it inside the call's expression differs by version (22
 * drops the call). */
#include <fcntl.h>

int nofollow(const char *p)
{
	int fd = open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);

	return fd + undeclared_name;
}
