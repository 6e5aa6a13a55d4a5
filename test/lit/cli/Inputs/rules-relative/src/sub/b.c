#define _GNU_SOURCE
#include <fcntl.h>

int mine_open(const char *path, int flags);

int use(const char *p)
{
	return mine_open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
}
