// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-wrong-field %t
// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-wrong-field %t -- -- -x c++ -std=gnu++17
// struct io_uring_sqe's flag fields share an anonymous union; a write that
// names sqe->timeout_flags is the timeout request's flags, which take
// IORING_TIMEOUT_* (rules/io_uring.rules). TIMER_ABSTIME has the value of
// IORING_TIMEOUT_ABS: it works, by coincidence.
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <time.h>

void wrong(struct io_uring_sqe *sqe) {
  sqe->timeout_flags = TIMER_ABSTIME;
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: TIMER_ABSTIME is from the TIMER_* namespace, not IORING_TIMEOUT_*: it works in io_uring_sqe.timeout_flags only because the values are equal (0x1 is IORING_TIMEOUT_ABS there); use IORING_TIMEOUT_ABS [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: sqe->timeout_flags = IORING_TIMEOUT_ABS;
}

// Nothing below may be reported.
void right(struct io_uring_sqe *sqe, unsigned flags) {
  sqe->timeout_flags = IORING_TIMEOUT_ABS | IORING_TIMEOUT_BOOTTIME;
  sqe->timeout_flags = flags;
  // The other members of the union have no field rules.
  sqe->open_flags = O_RDONLY | O_CLOEXEC;
  sqe->rw_flags = RWF_NOWAIT;
  sqe->fsync_flags = IORING_FSYNC_DATASYNC;
}
