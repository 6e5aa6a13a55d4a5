#include <fcntl.h>
int f(const char *p) { return open(p, O_RDONLY); }
