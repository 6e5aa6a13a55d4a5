/* slow.c: a unit whose headers include themselves 2^40 times: it runs until killed. */
#include <fcntl.h>
#include "rec.h"
int f(int fd) { return fcntl(fd, F_SETFD, O_CLOEXEC); }
