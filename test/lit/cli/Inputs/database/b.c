/* b.c: one finding. */
#include <fcntl.h>
int g(int fd) { return fcntl(fd, F_SETFD, O_CLOEXEC); }
