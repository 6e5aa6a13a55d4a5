// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-invalid-combination %t
// io_uring timeouts (io_uring/timeout.c): io_uring_prep_timeout() and
// io_uring_prep_link_timeout() take IORING_TIMEOUT_ABS, one clock
// (BOOTTIME or REALTIME) and ETIME_SUCCESS, and fail with EINVAL for any
// other bit; a removal takes no flag. TIMER_ABSTIME and TFD_TIMER_ABSTIME
// are also 1: written there they work only because the values are equal.
#define _GNU_SOURCE
#include <liburing.h>
#include <sys/timerfd.h>
#include <time.h>

void wrong(struct io_uring_sqe *sqe, struct __kernel_timespec *ts) {
  io_uring_prep_timeout(sqe, ts, 0, TIMER_ABSTIME);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: TIMER_ABSTIME is from the TIMER_* namespace, not IORING_TIMEOUT_*: it works in io_uring_prep_timeout() flags only because the values are equal (0x1 is IORING_TIMEOUT_ABS there); use IORING_TIMEOUT_ABS [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: io_uring_prep_timeout(sqe, ts, 0, IORING_TIMEOUT_ABS);
  io_uring_prep_link_timeout(sqe, ts, TFD_TIMER_ABSTIME);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: TFD_TIMER_ABSTIME is from the TFD_TIMER_* namespace, not IORING_TIMEOUT_*: it works in io_uring_prep_link_timeout() flags only because the values are equal (0x1 is IORING_TIMEOUT_ABS there); use IORING_TIMEOUT_ABS [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: io_uring_prep_link_timeout(sqe, ts, IORING_TIMEOUT_ABS);
  io_uring_prep_timeout_update(sqe, ts, 7, TIMER_ABSTIME);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: TIMER_ABSTIME is from the TIMER_* namespace, not IORING_TIMEOUT_*: it works in io_uring_prep_timeout_update() flags only because the values are equal (0x1 is IORING_TIMEOUT_ABS there); use IORING_TIMEOUT_ABS [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: io_uring_prep_timeout_update(sqe, ts, 7, IORING_TIMEOUT_ABS);
  io_uring_prep_timeout(sqe, ts, 0, IORING_TIMEOUT_BOOTTIME | IORING_TIMEOUT_REALTIME);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: IORING_TIMEOUT_REALTIME cannot be combined with IORING_TIMEOUT_BOOTTIME in io_uring_prep_timeout() flags: the call fails with EINVAL; a timeout runs on one clock [fails] [flagspace-invalid-combination]
  io_uring_prep_timeout_remove(sqe, 1, IORING_TIMEOUT_ABS);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: IORING_TIMEOUT_ABS is a flag, but io_uring_prep_timeout_remove() flags must be 0: 0x1 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  io_uring_prep_timeout(sqe, ts, 0, IORING_TIMEOUT_UPDATE);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: IORING_TIMEOUT_UPDATE is not accepted by io_uring_prep_timeout() flags: the call fails with EINVAL; it takes IORING_TIMEOUT_ABS, IORING_TIMEOUT_BOOTTIME, IORING_TIMEOUT_REALTIME, IORING_TIMEOUT_ETIME_SUCCESS, IORING_TIMEOUT_MULTISHOT [fails] [flagspace-unsupported-flag]
}

// Right code: nothing may be reported below.
void right(struct io_uring_sqe *sqe, struct __kernel_timespec *ts, unsigned fl) {
  io_uring_prep_timeout(sqe, ts, 0, IORING_TIMEOUT_ABS | IORING_TIMEOUT_BOOTTIME);
  io_uring_prep_timeout(sqe, ts, 1, 0);
  io_uring_prep_timeout(sqe, ts, 1, fl);
  io_uring_prep_timeout_update(sqe, ts, 1, IORING_TIMEOUT_ABS);
  io_uring_prep_timeout_remove(sqe, 1, 0);
  io_uring_prep_link_timeout(sqe, ts, IORING_TIMEOUT_ETIME_SUCCESS | IORING_TIMEOUT_REALTIME);
  struct timespec abs = { 0, 0 };
  clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &abs, NULL);
}
