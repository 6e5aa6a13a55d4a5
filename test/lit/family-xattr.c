// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// Extended attributes: setxattr/lsetxattr/fsetxattr take XATTR_CREATE or
// XATTR_REPLACE (or 0: create or replace); the kernel rejects any other bit
// with EINVAL. O_CREAT|O_EXCL is what XATTR_CREATE means, but no single O_
// flag is a certain replacement, so no fix-it is offered.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

void wrong(const char *p, int fd, const void *v, size_t n) {
  setxattr(p, "user.k", v, n, O_CREAT);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: O_CREAT is from the O_* namespace, not XATTR_*: in setxattr() flags 0x40 matches no XATTR_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  lsetxattr(p, "user.k", v, n, O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: O_EXCL is from the O_* namespace, not XATTR_*: in lsetxattr() flags 0x80 matches no XATTR_* flag and the call fails with EINVAL; use XATTR_CREATE [fails] [flagspace-wrong-namespace]
  fsetxattr(fd, "user.k", v, n, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not XATTR_*: in fsetxattr() flags 0x100 matches no XATTR_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  fsetxattr(fd, "user.k", v, n, O_CREAT | O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: O_CREAT is from the O_* namespace, not XATTR_*: in fsetxattr() flags 0x40 matches no XATTR_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:43: warning: O_EXCL is from the O_* namespace, not XATTR_*: in fsetxattr() flags 0x80 matches no XATTR_* flag and the call fails with EINVAL; use XATTR_CREATE [fails] [flagspace-wrong-namespace]
  setxattr(p, "user.k", v, n, O_TRUNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: O_TRUNC is from the O_* namespace, not XATTR_*: in setxattr() flags 0x200 matches no XATTR_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_lsetxattr, p, "user.k", v, n, O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: O_EXCL is from the O_* namespace, not XATTR_*: in syscall(SYS_lsetxattr) flags 0x80 matches no XATTR_* flag and the call fails with EINVAL; use XATTR_CREATE [fails] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(const char *p, int fd, const void *v, size_t n, int flags) {
  setxattr(p, "user.k", v, n, 0);
  setxattr(p, "user.k", v, n, XATTR_CREATE);
  lsetxattr(p, "user.k", v, n, XATTR_REPLACE);
  fsetxattr(fd, "user.k", v, n, flags);
  syscall(SYS_fsetxattr, fd, "user.k", v, n, XATTR_CREATE);
}
