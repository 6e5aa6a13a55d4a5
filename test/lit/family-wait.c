// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// Waiting for children: waitpid()/wait4() take WNOHANG, WUNTRACED,
// WCONTINUED and the Linux __W* options, and fail with EINVAL for the
// waitid()-only WEXITED and WNOWAIT; waitid() takes a P_* idtype first.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

void wrong(pid_t pid, int *st, siginfo_t *info, struct rusage *ru) {
  waitpid(pid, st, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_NONBLOCK is from the O_* namespace, not W* or __W*: in waitpid() options 0x800 matches no W* or __W* flag and the call fails with EINVAL; use WNOHANG [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: waitpid(pid, st, WNOHANG);
  waitpid(pid, st, WNOHANG | WEXITED);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: WEXITED is not accepted by waitpid() options: the call fails with EINVAL; it takes WNOHANG, WUNTRACED, WSTOPPED, WCONTINUED, __WNOTHREAD, __WALL, __WCLONE [fails] [flagspace-unsupported-flag]
  wait4(pid, st, WNOWAIT, ru);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: WNOWAIT is not accepted by wait4() options: the call fails with EINVAL; it takes WNOHANG, WUNTRACED, WSTOPPED, WCONTINUED, __WNOTHREAD, __WALL, __WCLONE [fails] [flagspace-unsupported-flag]
  waitid(P_PID, pid, info, WEXITED | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: O_CLOEXEC is from the O_* namespace, not W* or __W*: in waitid() options 0x80000 matches no W* or __W* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  waitid(WEXITED, pid, info, WEXITED);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: WEXITED is from the W* namespace, not P_*: in waitid() idtype 0x4 matches no P_* value and the call fails with EINVAL; it belongs in waitid() options [fails] [flagspace-wrong-namespace]
  syscall(SYS_wait4, pid, st, WEXITED, ru);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: WEXITED is not accepted by syscall(SYS_wait4) options: the call fails with EINVAL; it takes WNOHANG, WUNTRACED, WSTOPPED, WCONTINUED, __WNOTHREAD, __WALL, __WCLONE [fails] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(pid_t pid, int *st, siginfo_t *info, struct rusage *ru, int opts) {
  waitpid(pid, st, 0);
  waitpid(pid, st, WNOHANG);
  waitpid(-1, st, WNOHANG | WUNTRACED | WCONTINUED);
  waitpid(-1, st, WSTOPPED);
  waitpid(pid, st, __WALL);
  waitpid(pid, st, opts);
  wait4(pid, st, WNOHANG | __WCLONE, ru);
  wait3(st, WNOHANG, ru);
  waitid(P_PID, pid, info, WEXITED);
  waitid(P_ALL, 0, info, WEXITED | WSTOPPED | WNOHANG | WNOWAIT);
  waitid(P_PIDFD, pid, info, WEXITED | __WALL);
  waitid(P_PGID, pid, info, WSTOPPED | WUNTRACED | WCONTINUED);
  syscall(SYS_waitid, P_PID, pid, info, WEXITED, ru);
}
