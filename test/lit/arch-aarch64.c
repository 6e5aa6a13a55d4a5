// REQUIRES: target-aarch64-linux-gnu
// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- -- -target aarch64-linux-gnu
// Messages decode with the values of the translation unit's target, read
// from arm64's own headers: four O_ flags move there (O_DIRECTORY is 0x4000,
// O_NOFOLLOW 0x8000, O_DIRECT 0x10000), so a misplaced flag means another
// thing than on x86-64, and a misplaced name that equals the right one by
// accident is said to do so only where it does.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/msg.h>
#include <sys/stat.h>

// The headers are arm64's, not the host's: this must hold first.
_Static_assert(O_DIRECTORY == 0x4000, "arm64 headers");

void wrong(const char *p, int dfd, struct stat *st, int q, void *m) {
  open(p, O_RDONLY | AT_STATX_DONT_SYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_STATX_DONT_SYNC is from the AT_* namespace, not O_*: in open() flags 0x4000 means O_DIRECTORY [misbehaves] [flagspace-wrong-namespace]
  fstatat(dfd, p, st, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x8000 means AT_RECURSIVE and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW);
  msgsnd(q, m, 16, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_NONBLOCK is from the O_* namespace, not IPC_*: in msgsnd() msgflg 0x800 means IPC_NOWAIT; it works by accident on aarch64, not on mips64; use IPC_NOWAIT [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: msgsnd(q, m, 16, IPC_NOWAIT);
}
// Correct code: nothing may be reported below.
void correct(const char *p, int dfd, struct stat *st, int q, void *m) {
  open(p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  open(p, O_WRONLY | O_DIRECT | O_LARGEFILE);
  fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW);
  msgsnd(q, m, 16, IPC_NOWAIT);
}
