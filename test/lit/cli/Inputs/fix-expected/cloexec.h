#include <fcntl.h>

/* Included by both units: its fix-it is applied once. */
static inline int set_cloexec(int fd)
{
	return fcntl(fd, F_SETFD, FD_CLOEXEC);
}
