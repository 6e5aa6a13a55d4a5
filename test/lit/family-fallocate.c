// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// fallocate(2) mode: FALLOC_FL_*; an unknown bit fails with EOPNOTSUPP.
// FALLOC_FL_PUNCH_HOLE also needs FALLOC_FL_KEEP_SIZE, which the rules
// cannot express (a flag that requires another one): not checked here.
// posix_fallocate() has no mode: a FALLOC_FL_ flag there becomes the offset.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int fd, off_t len) {
  fallocate(fd, O_TRUNC, 0, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_TRUNC is from the O_* namespace, not FALLOC_FL_*: in fallocate() mode 0x200 matches no FALLOC_FL_* flag and the call fails with EOPNOTSUPP [fails] [flagspace-wrong-namespace]
  fallocate(fd, FALLOC_FL_NO_HIDE_STALE, 0, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: FALLOC_FL_NO_HIDE_STALE is not accepted by fallocate() mode: the call fails with EOPNOTSUPP; it takes FALLOC_FL_KEEP_SIZE, FALLOC_FL_PUNCH_HOLE, FALLOC_FL_COLLAPSE_RANGE, FALLOC_FL_ZERO_RANGE, FALLOC_FL_INSERT_RANGE, FALLOC_FL_UNSHARE_RANGE [fails] [flagspace-unsupported-flag]
  fallocate(fd, MADV_REMOVE, 0, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: MADV_REMOVE is from the MADV_* namespace, not FALLOC_FL_*: in fallocate() mode 0x9 means FALLOC_FL_KEEP_SIZE|FALLOC_FL_COLLAPSE_RANGE [misbehaves] [flagspace-wrong-namespace]
  fallocate(fd, FALLOC_FL_KEEP_SIZE | SEEK_HOLE, 0, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: SEEK_HOLE is from the SEEK_* namespace, not FALLOC_FL_*: in fallocate() mode 0x4 means FALLOC_FL_NO_HIDE_STALE and the call fails with EOPNOTSUPP [fails] [flagspace-wrong-namespace]
  posix_fallocate(fd, FALLOC_FL_KEEP_SIZE, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: FALLOC_FL_KEEP_SIZE is a flag, but posix_fallocate() offset is not a flag argument: 0x1 is used as a number [misbehaves] [flagspace-wrong-namespace]
  syscall(SYS_fallocate, fd, O_APPEND, 0, len);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_APPEND is from the O_* namespace, not FALLOC_FL_*: in syscall(SYS_fallocate) mode 0x400 matches no FALLOC_FL_* flag and the call fails with EOPNOTSUPP [fails] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd, off_t off, off_t len, int mode) {
  fallocate(fd, 0, 0, len);
  fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, len);
  fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off, len);
  fallocate(fd, FALLOC_FL_ZERO_RANGE, off, len);
  fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, off, len);
  fallocate(fd, mode, off, len);
  posix_fallocate(fd, 0, len);
  syscall(SYS_fallocate, fd, FALLOC_FL_INSERT_RANGE, off, len);
}
