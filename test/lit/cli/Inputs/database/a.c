/* a.c: one finding. */
#include <fcntl.h>
int f(int fd) { return fcntl(fd, F_SETFD, O_CLOEXEC); }
