// Calls newer than some kernels, with no flag name written: the
// prefilter must keep the unit all the same.
#define _GNU_SOURCE
#include <unistd.h>

void close_all(void) {
  close_range(3, ~0U, 0);
}
