#include "lib.h"
#include <unistd.h>

int use5(const char *p) { return open(p, lib_create); }
int plain5(int fd) { return fchmod(fd, S_IRUSR) + 5; }
