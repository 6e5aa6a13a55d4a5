// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-deprecated-flag %t
// posix_spawn(3): posix_spawnattr_setflags takes POSIX_SPAWN_* (glibc rejects
// other bits with EINVAL); posix_spawn_file_actions_addopen's oflag and mode
// are open(2)'s, applied in the child.
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>

void wrong(posix_spawnattr_t *a, posix_spawn_file_actions_t *fa) {
  posix_spawnattr_setflags(a, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: O_CLOEXEC is from the O_* namespace, not POSIX_SPAWN_*: in posix_spawnattr_setflags() flags 0x80000 matches no POSIX_SPAWN_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  posix_spawnattr_setflags(a, POSIX_SPAWN_SETSIGMASK | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: O_NONBLOCK is from the O_* namespace, not POSIX_SPAWN_*: in posix_spawnattr_setflags() flags 0x800 matches no POSIX_SPAWN_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  posix_spawnattr_setflags(a, POSIX_SPAWN_SETSID | POSIX_SPAWN_USEVFORK);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: POSIX_SPAWN_USEVFORK is deprecated and has no effect; remove it (no effect since glibc 2.24) [deprecated] [flagspace-deprecated-flag]
  posix_spawn_file_actions_addopen(fa, 1, "out", O_WRONLY | AT_SYMLINK_NOFOLLOW, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in posix_spawn_file_actions_addopen() oflag 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: posix_spawn_file_actions_addopen(fa, 1, "out", O_WRONLY | O_NOFOLLOW, 0);
  posix_spawn_file_actions_addopen(fa, 1, "out", O_WRONLY | O_CREAT, O_TRUNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: O_TRUNC is from the O_* namespace, not S_I*: in posix_spawn_file_actions_addopen() mode 0x200 means S_ISVTX; it belongs in posix_spawn_file_actions_addopen() oflag [misbehaves] [flagspace-wrong-namespace]
  posix_spawn_file_actions_addopen(fa, 0, "in", S_IRUSR, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: S_IRUSR is from the S_I* namespace, not O_*: in posix_spawn_file_actions_addopen() oflag 0x100 means O_NOCTTY; it belongs in posix_spawn_file_actions_addopen() mode [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(posix_spawnattr_t *a, posix_spawn_file_actions_t *fa, short f) {
  posix_spawnattr_setflags(a, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setflags(a, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSID);
  posix_spawnattr_setflags(a, f);
  posix_spawnattr_setflags(a, 0);
  posix_spawn_file_actions_addopen(fa, 1, "out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  posix_spawn_file_actions_addopen(fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(fa, 2, "log", O_WRONLY | O_APPEND | O_CREAT, S_IRUSR | S_IWUSR);
}
