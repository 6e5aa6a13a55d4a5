#include "lib.h"
#include <unistd.h>

int use3(const char *p) { return open(p, lib_create); }
int plain3(int fd) { return fchmod(fd, S_IRUSR) + 3; }
