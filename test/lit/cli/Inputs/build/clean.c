#define _GNU_SOURCE
#include <fcntl.h>

int open_cloexec(const char *path)
{
	return open(path, O_RDONLY | O_CLOEXEC);
}
