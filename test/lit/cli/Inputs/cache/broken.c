/* broken.c: a finding, then a compile error: never stored, so never
 * replayed as clean. */
#include <fcntl.h>

int nofollow(const char *p)
{
	return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW) + undeclared_name;
}
