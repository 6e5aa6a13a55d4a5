// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// Process file descriptors. pidfd_open(2) takes PIDFD_NONBLOCK, which the
// uapi header defines as O_NONBLOCK (so O_NONBLOCK is not reported); pidfds
// are always close-on-exec and O_CLOEXEC fails with EINVAL. pidfd_getfd(2)'s
// flags are reserved (must be 0); pidfd_send_signal(2) takes PIDFD_SIGNAL_*
// (Linux 6.9; older kernels reject every flag).
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/pidfd.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(pid_t pid, int pidfd, int fd) {
  pidfd_open(pid, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_CLOEXEC is from the O_* namespace, not PIDFD_*: in pidfd_open() flags 0x80000 matches no PIDFD_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  pidfd_open(pid, PIDFD_NONBLOCK | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: FD_CLOEXEC is from the FD_* namespace, not PIDFD_*: in pidfd_open() flags 0x1 matches no PIDFD_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  pidfd_getfd(pidfd, fd, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: O_CLOEXEC is a flag, but pidfd_getfd() flags must be 0: 0x80000 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  pidfd_getfd(pidfd, fd, PIDFD_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: PIDFD_NONBLOCK is a flag, but pidfd_getfd() flags must be 0: 0x800 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  pidfd_send_signal(pidfd, SIGTERM, NULL, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: O_NONBLOCK is from the O_* namespace, not PIDFD_SIGNAL_*: in pidfd_send_signal() flags 0x800 matches no PIDFD_SIGNAL_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_pidfd_open, pid, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: O_CLOEXEC is from the O_* namespace, not PIDFD_*: in syscall(SYS_pidfd_open) flags 0x80000 matches no PIDFD_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_pidfd_getfd, pidfd, fd, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: O_CLOEXEC is a flag, but syscall(SYS_pidfd_getfd) flags must be 0: 0x80000 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(pid_t pid, int pidfd, int fd, unsigned flags) {
  pidfd_open(pid, 0);
  pidfd_open(pid, PIDFD_NONBLOCK);
  pidfd_open(pid, O_NONBLOCK);
  pidfd_getfd(pidfd, fd, 0);
  pidfd_getfd(pidfd, fd, flags);
  pidfd_send_signal(pidfd, SIGKILL, NULL, 0);
  syscall(SYS_pidfd_open, pid, PIDFD_NONBLOCK);
  syscall(SYS_pidfd_getfd, pidfd, fd, 0);
}
