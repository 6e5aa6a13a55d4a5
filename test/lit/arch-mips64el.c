// REQUIRES: target-mips64el-linux-gnuabi64
// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field %t -- -- -target mips64el-linux-gnuabi64
// mips keeps the System V values: most O_ flags, SOCK_STREAM/SOCK_DGRAM and
// the signal numbers differ from x86-64's. Messages decode with mips's
// values, read from its own headers, and a misplaced name that equals the
// right one on other architectures, but not here, is said to.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <sys/msg.h>
#include <sys/socket.h>

// The headers are mips's, not the host's: this must hold first.
_Static_assert(O_NONBLOCK == 0x80 && SOCK_STREAM == 2, "mips64el headers");

void wrong(const char *p, int q, void *m) {
  open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_CREAT; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: open(p, O_RDONLY | O_NOFOLLOW);
  msgsnd(q, m, 16, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_NONBLOCK is from the O_* namespace, not IPC_*: in msgsnd() msgflg 0x80 matches no IPC_* flag and is ignored; it would work by accident on aarch64, arm, i386, powerpc64, riscv64, s390x, x86_64; use IPC_NOWAIT [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: msgsnd(q, m, 16, IPC_NOWAIT);
  struct clone_args a = { .flags = CLONE_NEWNS | SIGCHLD };
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: SIGCHLD belongs in clone_args.exit_signal, not clone_args.flags: here 0x12 matches no CLONE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  (void)a;
}
// Correct code: nothing may be reported below.
void correct(const char *p, int q, void *m) {
  open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  msgsnd(q, m, 16, IPC_NOWAIT);
  struct clone_args a = { .flags = CLONE_NEWNS, .exit_signal = SIGCHLD };
  (void)a;
}
