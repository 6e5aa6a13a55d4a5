/* Findings that change what happens: fails, misbehaves, ignored. */
#include <fcntl.h>
#include <sys/stat.h>

int failing(int fd, const char *p, struct stat *st)
{
	fcntl(fd, F_SETFL, O_NONBLOCK | O_RDWR);
	if (open(p, O_RDONLY | AT_REMOVEDIR) < 0)
		return -1;
	return fstatat(fd, p, st, O_NOFOLLOW);
}
