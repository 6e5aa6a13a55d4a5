// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// perf_event_open(2) has no glibc wrapper: syscall(SYS_perf_event_open, attr,
// pid, cpu, group_fd, flags) with PERF_FLAG_*. PERF_FLAG_FD_CLOEXEC (8) is
// neither O_CLOEXEC nor FD_CLOEXEC; FD_CLOEXEC (1) is PERF_FLAG_FD_NO_GROUP.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(struct perf_event_attr *a, int group) {
  syscall(SYS_perf_event_open, a, 0, -1, group, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: O_CLOEXEC is from the O_* namespace, not PERF_FLAG_*: in syscall(SYS_perf_event_open) flags 0x80000 matches no PERF_FLAG_* flag and the call fails with EINVAL; use PERF_FLAG_FD_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_perf_event_open, a, 0, -1, group, PERF_FLAG_FD_CLOEXEC);
  syscall(SYS_perf_event_open, a, 0, -1, -1, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: FD_CLOEXEC is from the FD_* namespace, not PERF_FLAG_*: in syscall(SYS_perf_event_open) flags 0x1 means PERF_FLAG_FD_NO_GROUP; use PERF_FLAG_FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_perf_event_open, a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  syscall(__NR_perf_event_open, a, 0, -1, group, PERF_FLAG_FD_OUTPUT | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:72: warning: O_NONBLOCK is from the O_* namespace, not PERF_FLAG_*: in syscall(__NR_perf_event_open) flags 0x800 matches no PERF_FLAG_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(struct perf_event_attr *a, int group, unsigned long flags) {
  syscall(SYS_perf_event_open, a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  syscall(SYS_perf_event_open, a, 0, -1, group, PERF_FLAG_FD_NO_GROUP | PERF_FLAG_FD_CLOEXEC);
  syscall(SYS_perf_event_open, a, -1, 0, -1, 0);
  syscall(SYS_perf_event_open, a, 0, -1, -1, flags);
}
