#include "lib.h"
#include <unistd.h>

int use7(const char *p) { return open(p, lib_create); }
int plain7(int fd) { return fchmod(fd, S_IRUSR) + 7; }
