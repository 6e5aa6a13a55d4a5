// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// userfaultfd(2) has no glibc wrapper in glibc 2.36: syscall(SYS_userfaultfd,
// flags) with O_CLOEXEC, O_NONBLOCK and UFFD_USER_MODE_ONLY. FD_CLOEXEC (1) is
// UFFD_USER_MODE_ONLY's value: it asks for user-mode faults only and leaves
// the descriptor inheritable. The fix to O_CLOEXEC is certain.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(void) {
  syscall(SYS_userfaultfd, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: FD_CLOEXEC is from the FD_* namespace, not O_* or UFFD_*: in syscall(SYS_userfaultfd) flags 0x1 means UFFD_USER_MODE_ONLY; use O_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_userfaultfd, O_CLOEXEC);
  syscall(SYS_userfaultfd, O_CLOEXEC | O_DIRECT);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: O_DIRECT is not accepted by syscall(SYS_userfaultfd) flags: the call fails with EINVAL; it takes O_CLOEXEC, O_NONBLOCK, UFFD_* [fails] [flagspace-unsupported-flag]
  syscall(SYS_userfaultfd, O_NONBLOCK | O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: O_EXCL is not accepted by syscall(SYS_userfaultfd) flags: the call fails with EINVAL; it takes O_CLOEXEC, O_NONBLOCK, UFFD_* [fails] [flagspace-unsupported-flag]
  syscall(__NR_userfaultfd, O_RDWR | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_RDWR is not accepted by syscall(__NR_userfaultfd) flags: the call fails with EINVAL; it takes O_CLOEXEC, O_NONBLOCK, UFFD_* [fails] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int flags) {
  syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
  syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY);
  syscall(__NR_userfaultfd, 0);
  syscall(SYS_userfaultfd, flags);
}
