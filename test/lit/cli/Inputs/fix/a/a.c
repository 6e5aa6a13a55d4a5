#include <fcntl.h>
#include <sys/mman.h>
#include "../cloexec.h"

int open_nofollow(const char *p)
{
	return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW | O_NDELAY);
}

void *map(int fd)
{
	return mmap(0, 4096, MAP_SHARED |
		    MAP_POPULATE, PROT_READ, fd, 0);
}

int create(const char *p)
{
	return open(p, O_CREAT | O_WRONLY);
}
