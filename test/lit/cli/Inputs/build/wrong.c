#define _GNU_SOURCE
#include <fcntl.h>

int open_nofollow(const char *path)
{
	return open(path, O_RDONLY | AT_SYMLINK_NOFOLLOW);
}
