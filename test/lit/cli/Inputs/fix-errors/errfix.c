/* errfix.c: a finding with a fix-it, in a unit that does not compile. */
#include <fcntl.h>
int f(int fd) { return fcntl(fd, F_SETFD, O_CLOEXEC); }
int g(void) { return undeclared_name | O_RDONLY; } /* parsed: names a flag */
