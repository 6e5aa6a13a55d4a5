// RUN: %check_flagspace %s flagspace-* %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.Consequences, value: none}]}"
// flagspace.Consequences=none: nothing is reported (and nothing fixed).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>

void nothing_reported(int fd, const char *p, struct stat *st) {
  fstatat(fd, p, st, O_NOFOLLOW);
  open(p, O_RDONLY | AT_REMOVEDIR);
  open(p, O_RDONLY | O_NDELAY);
}
