// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-swapped-arguments %t
// liburing's io_uring_prep_* helpers take the flags of the system calls they
// queue: openat (O_, mode S_I), statx (AT_ flags and STATX_ mask, swappable),
// unlinkat (AT_REMOVEDIR), fadvise (POSIX_FADV_).
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <sys/mman.h>
#include <sys/stat.h>

void wrong(struct io_uring_sqe *sqe, const char *p, struct statx *stx) {
  io_uring_prep_openat(sqe, AT_FDCWD, p, O_RDONLY | AT_SYMLINK_NOFOLLOW, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in io_uring_prep_openat() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: io_uring_prep_openat(sqe, AT_FDCWD, p, O_RDONLY | O_NOFOLLOW, 0);
  io_uring_prep_openat(sqe, AT_FDCWD, p, O_RDONLY, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: O_CLOEXEC is from the O_* namespace, not S_I*: in io_uring_prep_openat() mode 0x80000 matches no S_I* flag and is ignored; it belongs in io_uring_prep_openat() flags [ignored] [flagspace-wrong-namespace]
  io_uring_prep_statx(sqe, AT_FDCWD, p, O_NOFOLLOW, STATX_BASIC_STATS, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in io_uring_prep_statx() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: io_uring_prep_statx(sqe, AT_FDCWD, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  io_uring_prep_statx(sqe, AT_FDCWD, p, STATX_BASIC_STATS, AT_SYMLINK_NOFOLLOW, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: io_uring_prep_statx() flags and mask are swapped: STATX_BASIC_STATS belongs in io_uring_prep_statx() mask and AT_SYMLINK_NOFOLLOW in io_uring_prep_statx() flags [fails] [flagspace-swapped-arguments]
  // CHECK-FIXES: io_uring_prep_statx(sqe, AT_FDCWD, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  io_uring_prep_unlinkat(sqe, AT_FDCWD, p, O_DIRECTORY);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: O_DIRECTORY is from the O_* namespace, not AT_*: in io_uring_prep_unlinkat() flags 0x10000 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  io_uring_prep_fadvise(sqe, 3, 0, 0, MADV_DONTNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: MADV_DONTNEED is from the MADV_* namespace, not POSIX_FADV_*: in io_uring_prep_fadvise() advice 0x4 means POSIX_FADV_DONTNEED [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(struct io_uring_sqe *sqe, const char *p, struct statx *stx) {
  io_uring_prep_openat(sqe, AT_FDCWD, p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
  io_uring_prep_statx(sqe, AT_FDCWD, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  io_uring_prep_unlinkat(sqe, AT_FDCWD, p, AT_REMOVEDIR);
  io_uring_prep_fadvise(sqe, 3, 0, 0, POSIX_FADV_DONTNEED);
}
