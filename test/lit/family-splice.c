// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// splice(2), tee(2), vmsplice(2): SPLICE_F_* flags. O_NONBLOCK (0x800) is not
// SPLICE_F_NONBLOCK (0x2): the kernel rejects it with EINVAL, and the fix is
// certain. SPLICE_F_FD_IN_FIXED is io_uring's own flag.
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

void wrong(int in, int out, struct iovec *iov, size_t len) {
  splice(in, 0, out, 0, len, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_NONBLOCK is from the O_* namespace, not SPLICE_F_*: in splice() flags 0x800 matches no SPLICE_F_* flag and the call fails with EINVAL; use SPLICE_F_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: splice(in, 0, out, 0, len, SPLICE_F_NONBLOCK);
  tee(in, out, len, SPLICE_F_MOVE | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: O_NONBLOCK is from the O_* namespace, not SPLICE_F_*: in tee() flags 0x800 matches no SPLICE_F_* flag and the call fails with EINVAL; use SPLICE_F_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: tee(in, out, len, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
  vmsplice(out, iov, 1, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: O_NONBLOCK is from the O_* namespace, not SPLICE_F_*: in vmsplice() flags 0x800 matches no SPLICE_F_* flag and the call fails with EINVAL; use SPLICE_F_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: vmsplice(out, iov, 1, SPLICE_F_NONBLOCK);
  splice(in, 0, out, 0, len, SPLICE_F_FD_IN_FIXED);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: SPLICE_F_FD_IN_FIXED is not accepted by splice() flags: the call fails with EINVAL; it takes SPLICE_F_MOVE, SPLICE_F_NONBLOCK, SPLICE_F_MORE, SPLICE_F_GIFT [fails] [flagspace-unsupported-flag]
  tee(in, out, len, O_DIRECT);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_DIRECT is from the O_* namespace, not SPLICE_F_*: in tee() flags 0x4000 matches no SPLICE_F_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_splice, in, 0, out, 0, len, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: O_NONBLOCK is from the O_* namespace, not SPLICE_F_*: in syscall(SYS_splice) flags 0x800 matches no SPLICE_F_* flag and the call fails with EINVAL; use SPLICE_F_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_splice, in, 0, out, 0, len, SPLICE_F_NONBLOCK);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int in, int out, struct iovec *iov, size_t len, unsigned flags) {
  splice(in, 0, out, 0, len, SPLICE_F_MOVE | SPLICE_F_MORE);
  splice(in, 0, out, 0, len, 0);
  tee(in, out, len, SPLICE_F_NONBLOCK);
  vmsplice(out, iov, 1, SPLICE_F_GIFT);
  splice(in, 0, out, 0, len, flags);
  syscall(SYS_tee, in, out, len, SPLICE_F_NONBLOCK);
}
