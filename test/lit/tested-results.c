// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field %t
// A call's result or a field read, tested with `&` against a flag of
// another namespace: the test is always false (or tests another bit). What
// a result holds is data (`result` rules); fields use their `field` rules.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int wrong(int fd, const struct statx *stx) {
  int r = 0;
  r |= fcntl(fd, F_GETFD) & O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_GETFD) result 0x80000 matches no FD_* flag; use FD_CLOEXEC [flagspace-wrong-namespace]
  // CHECK-FIXES: r |= fcntl(fd, F_GETFD) & FD_CLOEXEC;
  r |= fcntl(fd, F_GETFL) & FD_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_GETFL) result 0x1 means O_WRONLY [flagspace-wrong-namespace]
  r |= (FD_CLOEXEC & fcntl(fd, F_GETFL)) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_GETFL) result 0x1 means O_WRONLY [flagspace-wrong-namespace]
  r |= (stx->stx_attributes & STATX_BTIME) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: STATX_BTIME belongs in statx.stx_mask, not statx.stx_attributes: here 0x800 means STATX_ATTR_ENCRYPTED [flagspace-wrong-field]
  r |= (stx->stx_mask & STATX_ATTR_IMMUTABLE) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: STATX_ATTR_IMMUTABLE belongs in statx.stx_attributes, not statx.stx_mask: here 0x10 means STATX_GID [flagspace-wrong-field]
  return r;
}

// Correct tests: nothing to report.
int correct(int fd, const struct statx *stx, int flags) {
  int r = 0;
  r |= fcntl(fd, F_GETFD) & FD_CLOEXEC;
  r |= (fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDONLY;
  r |= fcntl(fd, F_GETFL) & (O_NONBLOCK | O_APPEND);
  r |= fcntl(fd, F_GETFL) & flags;
  r |= (stx->stx_mask & STATX_BTIME) != 0;
  r |= (stx->stx_mask & (STATX_BASIC_STATS | STATX_BTIME)) != 0;
  r |= (stx->stx_attributes & STATX_ATTR_IMMUTABLE) != 0;
  r |= (stx->stx_attributes_mask & STATX_ATTR_APPEND) != 0;
  r |= fcntl(fd, F_SETFD, FD_CLOEXEC) & 1;
  r |= fcntl(fd, F_GETFD) & 1;
  return r;
}
