#include "lib.h"
#include <unistd.h>

int use2(const char *p) { return open(p, lib_create); }
int plain2(int fd) { return fchmod(fd, S_IRUSR) + 2; }
