// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// clone(2) takes CLONE_ flags with the exit signal in their low byte;
// unshare(2) and setns(2) take CLONE_ flags only (EINVAL otherwise), so a
// flags word copied from a clone() call fails there, as does CLONE_NEWTIME
// in clone(), whose bit is inside the signal byte.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080
#endif

int child(void *arg) { return arg != 0; }

void wrong(int fd, char *stack) {
  unshare(CLONE_NEWUSER | SIGCHLD);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: SIGCHLD is from the SIG* namespace, not CLONE_*: in unshare() flags 0x11 matches no CLONE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  setns(fd, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: O_CLOEXEC is from the O_* namespace, not CLONE_*: in setns() nstype 0x80000 means CLONE_SETTLS and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  setns(fd, CLONE_FILES);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: CLONE_FILES is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
  clone(child, stack, CLONE_NEWPID | O_CLOEXEC | SIGCHLD, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: O_CLOEXEC is from the O_* namespace, not CLONE_* or SIG*: in clone() flags 0x80000 means CLONE_SETTLS [misbehaves] [flagspace-wrong-namespace]
  clone(child, stack, CLONE_NEWTIME | SIGCHLD, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: CLONE_NEWTIME is not accepted by clone() flags: {{.*}} [fails] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd, char *stack, int flags) {
  unshare(CLONE_NEWNS);
  unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWTIME);
  unshare(flags);
  setns(fd, 0);
  setns(fd, CLONE_NEWNET);
  clone(child, stack, CLONE_VM | CLONE_FS | CLONE_FILES | SIGCHLD, 0);
  clone(child, stack, SIGCHLD, 0);
  clone(child, stack, CLONE_NEWPID | CLONE_NEWNS | SIGCHLD, 0);
  clone(child, stack, flags & ~CSIGNAL, 0);
  syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
}
