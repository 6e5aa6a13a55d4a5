// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// A field toggled with ^= is given a mask of the bits to flip, not a value:
// bindfs's `st_mode ^= S_IFBLK | S_IFREG` turns a block device's mode into
// a regular file's (0060000 ^ 0160000 is 0100000). Or'ed into the field,
// the same two types make no type at all. A flag the field cannot hold is
// wrong toggled too.
#include <fcntl.h>
#include <sys/stat.h>

void block_device_as_file(struct stat *st) {
  if (S_ISBLK(st->st_mode))
    st->st_mode ^= S_IFBLK | S_IFREG;
}

void no_type(struct stat *st) {
  st->st_mode |= S_IFBLK | S_IFREG;
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: S_IFREG is or'ed with S_IFBLK, but S_IF* are values, not flags: in stat.st_mode 0xe000 matches no S_I* or S_IF* flag {{.*}}[flagspace-unsupported-flag]
  st->st_mode = S_IFBLK | S_IFREG | 0644;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: S_IFREG is or'ed with S_IFBLK, {{.*}}[flagspace-unsupported-flag]
}

void toggles_a_wrong_flag(struct stat *st) {
  st->st_mode ^= O_NONBLOCK;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: O_NONBLOCK {{.*}}[flagspace-wrong-namespace]
}
