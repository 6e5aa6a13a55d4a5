// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// close_range(2) flags: CLOSE_RANGE_UNSHARE (2) and CLOSE_RANGE_CLOEXEC (4).
// O_CLOEXEC and FD_CLOEXEC have other values: O_CLOEXEC fails with EINVAL,
// FD_CLOEXEC (1) too. Both mean CLOSE_RANGE_CLOEXEC: a certain fix.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(void) {
  close_range(3, ~0U, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: O_CLOEXEC is from the O_* namespace, not CLOSE_RANGE_*: in close_range() flags 0x80000 matches no CLOSE_RANGE_* flag and the call fails with EINVAL; use CLOSE_RANGE_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  close_range(3, ~0U, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: FD_CLOEXEC is from the FD_* namespace, not CLOSE_RANGE_*: in close_range() flags 0x1 matches no CLOSE_RANGE_* flag and the call fails with EINVAL; use CLOSE_RANGE_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  close_range(3, ~0U, CLOSE_RANGE_UNSHARE | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: O_CLOEXEC is from the O_* namespace, not CLOSE_RANGE_*: in close_range() flags 0x80000 matches no CLOSE_RANGE_* flag and the call fails with EINVAL; use CLOSE_RANGE_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: close_range(3, ~0U, CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC);
  close_range(3, ~0U, O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: O_RDWR is from the O_* namespace, not CLOSE_RANGE_*: in close_range() flags 0x2 means CLOSE_RANGE_UNSHARE [misbehaves] [flagspace-wrong-namespace]
  syscall(SYS_close_range, 3, ~0U, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: O_CLOEXEC is from the O_* namespace, not CLOSE_RANGE_*: in syscall(SYS_close_range) flags 0x80000 matches no CLOSE_RANGE_* flag and the call fails with EINVAL; use CLOSE_RANGE_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(unsigned flags) {
  close_range(3, ~0U, 0);
  close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  close_range(3, ~0U, CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC);
  close_range(3, ~0U, flags);
  syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_UNSHARE);
}
