// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field,flagspace-unsupported-flag %t
// clone3(2): struct clone_args takes the exit signal in its own field.
// clone(2) read it from the low byte of its flags, so a flags word copied
// from a clone() call (CLONE_NEWPID | SIGCHLD) makes clone3() fail with
// EINVAL, as does a CLONE_ flag in exit_signal or CLONE_DETACHED.
#define _GNU_SOURCE
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

long wrong(void) {
  struct clone_args args = { .flags = CLONE_NEWPID | SIGCHLD };
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: SIGCHLD belongs in clone_args.exit_signal, not clone_args.flags: here 0x11 matches no CLONE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  struct clone_args b = { .flags = CLONE_NEWUSER, .exit_signal = CLONE_PIDFD };
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: CLONE_PIDFD belongs in clone_args.flags, not clone_args.exit_signal: here 0x1000 matches no SIG* value and the call fails with EINVAL [fails] [flagspace-wrong-field]
  struct clone_args c = { 0 };
  c.flags = CLONE_VM | CLONE_DETACHED;
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: CLONE_DETACHED is not accepted by clone_args.flags: the call fails with EINVAL; it takes {{.*}} [fails] [flagspace-unsupported-flag]
  c.flags |= SIGCHLD;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: SIGCHLD belongs in clone_args.exit_signal, not clone_args.flags: here 0x11 matches no CLONE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  return syscall(SYS_clone3, &args, sizeof args) + syscall(SYS_clone3, &b, sizeof b) +
         syscall(SYS_clone3, &c, sizeof c);
}
// Correct, idiomatic code: nothing may be reported below.
long correct(int cgroup_fd, int *pidfd) {
  struct clone_args args = {
      .flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWTIME | CLONE_PIDFD | CLONE_INTO_CGROUP,
      .pidfd = (uint64_t)(uintptr_t)pidfd,
      .exit_signal = SIGCHLD,
      .cgroup = (uint64_t)cgroup_fd,
  };
  struct clone_args t = { .flags = CLONE_VM | CLONE_THREAD | CLONE_SIGHAND | CLONE_CLEAR_SIGHAND };
  t.exit_signal = 0;
  return syscall(SYS_clone3, &args, sizeof args) + syscall(SYS_clone3, &t, sizeof t);
}
