#include <fcntl.h>

int fine(const char *p)
{
	return open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
}
