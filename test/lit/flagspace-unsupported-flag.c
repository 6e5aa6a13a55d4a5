// RUN: %check_flagspace %s flagspace-unsupported-flag %t
// A flag of the right namespace that this call rejects (EINVAL) or ignores.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

void rejected(const char *p, int dfd, int fd) {
  linkat(AT_FDCWD, p, AT_FDCWD, "b", AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: AT_SYMLINK_NOFOLLOW is not accepted by linkat() flags: the call fails with EINVAL; it takes AT_SYMLINK_FOLLOW, AT_EMPTY_PATH [fails] [flagspace-unsupported-flag]
  unlinkat(dfd, p, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: AT_SYMLINK_NOFOLLOW is not accepted by unlinkat() flags: the call fails with EINVAL; it takes AT_REMOVEDIR [fails] [flagspace-unsupported-flag]
  fchownat(dfd, p, 0, 0, AT_SYMLINK_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: AT_SYMLINK_FOLLOW is not accepted by fchownat() flags: the call fails with EINVAL; it takes AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH [fails] [flagspace-unsupported-flag]
  dup3(fd, 3, O_CLOEXEC | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_NONBLOCK is not accepted by dup3() flags: the call fails with EINVAL; it takes O_CLOEXEC [fails] [flagspace-unsupported-flag]
}

void ignored(int fd) {
  fcntl(fd, F_SETFL, O_RDWR | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_RDWR is not accepted by fcntl(F_SETFL) arg: it is ignored; it takes O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME, O_NONBLOCK [ignored] [flagspace-unsupported-flag]
  fcntl(fd, F_SETFL, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_CLOEXEC is not accepted by fcntl(F_SETFL) arg: it is ignored; it takes O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME, O_NONBLOCK [ignored] [flagspace-unsupported-flag]
}

// The value is shared by design with a flag the call does take: say so
// rather than claiming EINVAL.
void same_bits(const char *p, int dfd) {
  faccessat(dfd, p, R_OK, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: AT_REMOVEDIR is not accepted by faccessat() flags: 0x200 means AT_EACCESS there [misbehaves] [flagspace-unsupported-flag]
}

// Correct code: nothing may be reported below.
int correct(const char *p, int dfd, int fd, int fds[2], int flags, struct stat *st) {
  int r = 0;
  r |= linkat(AT_FDCWD, p, AT_FDCWD, "b", AT_SYMLINK_FOLLOW | AT_EMPTY_PATH);
  r |= linkat(AT_FDCWD, p, AT_FDCWD, "b", 0);
  r |= unlinkat(dfd, p, AT_REMOVEDIR);
  r |= unlinkat(dfd, p, 0);
  r |= fchownat(dfd, p, 0, 0, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
  r |= fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT);
  r |= faccessat(dfd, p, R_OK | X_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW);
  r |= fcntl(fd, F_SETFL, O_NONBLOCK | O_APPEND);
  r |= fcntl(fd, F_SETFL, O_RDONLY);
  r |= fcntl(fd, F_SETFL, flags);
  r |= fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~(O_NONBLOCK | O_APPEND));
  r |= dup3(fd, 3, O_CLOEXEC);
  r |= pipe2(fds, O_CLOEXEC | O_NONBLOCK);
  return r;
}

// A flag cleared from a value (`& ~X`) never reaches the call; a spelling
// deprecated as having no effect is flagspace-deprecated-flag's to report.
int cleared(int fd, const char *p, int flags, struct statx *stx) {
  int r = statx(fd, p, (flags & ~AT_SYMLINK_FOLLOW) | AT_STATX_DONT_SYNC,
                STATX_BTIME, stx);
  int at = flags;
  at &= ~AT_SYMLINK_FOLLOW;
  r |= statx(fd, p, at, STATX_BTIME, stx);
  r |= mount("none", p, 0, MS_SILENT | MS_MGC_VAL | MS_BIND | MS_REC, 0);
  return r;
}
