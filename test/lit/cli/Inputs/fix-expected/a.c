#include <fcntl.h>
#include <sys/mman.h>
#include "../cloexec.h"

int open_nofollow(const char *p)
{
	return open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
}

void *map(int fd)
{
	return mmap(0, 4096, PROT_READ, MAP_SHARED |
		    MAP_POPULATE, fd, 0);
}

int create(const char *p)
{
	return open(p, O_CREAT | O_WRONLY);
}
