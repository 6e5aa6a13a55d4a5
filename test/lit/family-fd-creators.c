// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-wrong-field %t
// Calls that create a descriptor with their own CLOEXEC/NONBLOCK spellings:
// eventfd (EFD_), timerfd (TFD_, TFD_TIMER_), signalfd (SFD_), epoll_create1
// (EPOLL_), inotify_init1 (IN_). The kernel headers define these as the O_
// values (same=), so O_CLOEXEC and O_NONBLOCK are not reported there.
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

void wrong(const sigset_t *m, int fd, struct itimerspec *ts) {
  eventfd(0, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: FD_CLOEXEC is from the FD_* namespace, not EFD_*: in eventfd() flags 0x1 means EFD_SEMAPHORE; use EFD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: eventfd(0, EFD_CLOEXEC);
  eventfd(0, EFD_CLOEXEC | TFD_TIMER_ABSTIME);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: TFD_TIMER_ABSTIME is from the TFD_TIMER_* namespace, not EFD_*: in eventfd() flags 0x1 means EFD_SEMAPHORE [misbehaves] [flagspace-wrong-namespace]
  timerfd_create(CLOCK_MONOTONIC, TFD_TIMER_ABSTIME);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: TFD_TIMER_ABSTIME is from the TFD_TIMER_* namespace, not TFD_*: in timerfd_create() flags 0x1 matches no TFD_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  timerfd_settime(fd, TFD_CLOEXEC, ts, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: TFD_CLOEXEC is from the TFD_* namespace, not TFD_TIMER_*: in timerfd_settime() flags 0x80000 matches no TFD_TIMER_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  signalfd(-1, m, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: FD_CLOEXEC is from the FD_* namespace, not SFD_*: in signalfd() flags 0x1 matches no SFD_* flag and the call fails with EINVAL; use SFD_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: signalfd(-1, m, SFD_CLOEXEC);
  epoll_create1(FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: FD_CLOEXEC is from the FD_* namespace, not EPOLL_*: in epoll_create1() flags 0x1 matches no EPOLL_* flag and the call fails with EINVAL; use EPOLL_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: epoll_create1(EPOLL_CLOEXEC);
  epoll_create1(EPOLLIN);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: EPOLLIN is from the EPOLL* namespace, not EPOLL_*: in epoll_create1() flags 0x1 matches no EPOLL_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  inotify_init1(FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: FD_CLOEXEC is from the FD_* namespace, not IN_CLOEXEC/IN_NONBLOCK: in inotify_init1() flags 0x1 matches no IN_CLOEXEC/IN_NONBLOCK flag and the call fails with EINVAL; use IN_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: inotify_init1(IN_CLOEXEC);
  inotify_init1(IN_MODIFY);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: IN_MODIFY is from the IN_* namespace, not IN_CLOEXEC/IN_NONBLOCK: in inotify_init1() flags 0x2 matches no IN_CLOEXEC/IN_NONBLOCK flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_eventfd2, 0, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: FD_CLOEXEC is from the FD_* namespace, not EFD_*: in syscall(SYS_eventfd2) flags 0x1 means EFD_SEMAPHORE; use EFD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_eventfd2, 0, EFD_CLOEXEC);
}
// Equal by definition (same=): not reported.
void same_values(const sigset_t *m) {
  eventfd(0, O_CLOEXEC | O_NONBLOCK);
  timerfd_create(CLOCK_MONOTONIC, O_CLOEXEC | O_NONBLOCK);
  signalfd(-1, m, O_CLOEXEC | O_NONBLOCK);
  epoll_create1(O_CLOEXEC);
  inotify_init1(O_CLOEXEC | O_NONBLOCK);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(const sigset_t *m, int fd, struct itimerspec *ts) {
  eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK | EFD_SEMAPHORE);
  timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
  timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, ts, 0);
  signalfd(-1, m, SFD_CLOEXEC | SFD_NONBLOCK);
  epoll_create1(EPOLL_CLOEXEC);
  inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  inotify_add_watch(fd, "p", IN_MODIFY | IN_CREATE | IN_ONLYDIR);
}
