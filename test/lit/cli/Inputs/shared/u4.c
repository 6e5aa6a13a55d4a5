#include "lib.h"
#include <unistd.h>

int use4(const char *p) { return open(p, lib_create); }
int plain4(int fd) { return fchmod(fd, S_IRUSR) + 4; }
