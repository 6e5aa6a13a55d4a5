// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-deprecated-flag %t
// What an expression does with its flags: only a flag that can reach the
// argument is checked against it. A cleared flag (x & ~F), a mask that
// extracts bits (x & F), a compared or tested flag puts none of its bits
// there. File types are values: an extracted S_IFMT field is one of them.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

// The permission bits of an existing mode: S_IFMT is cleared.
void keep_permissions(int fd, int dfd, const char *p, const struct stat *st,
                      mode_t m) {
  fchmod(fd, st->st_mode & ~S_IFMT);
  fchmodat(dfd, p, st->st_mode & ~S_IFMT, 0);
  chmod(p, m & ~S_IFMT);
  chmod(p, (m & ~S_IFMT) | S_IRUSR);
}

// The file type of an existing mode: S_IFMT extracts one value.
void same_type(const char *p, mode_t mode, dev_t dev) {
  mknod(p, mode & S_IFMT, dev);
  mknod(p, (mode & S_IFMT) | 0600, dev);
  mknod(p, S_IFREG | (mode & 07777), dev);
}

// A flag that only reads or compares what a value holds.
void compared(const char *p, int flags, int fd) {
  open(p, (flags & AT_SYMLINK_NOFOLLOW) ? O_RDONLY | O_NOFOLLOW : O_RDONLY);
  open(p, O_RDONLY | ((flags & AT_EMPTY_PATH) == AT_EMPTY_PATH ? O_PATH : 0));
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~(O_NONBLOCK | O_APPEND));
}

// Legacy spellings of flags F_SETFL takes: deprecated, never unsupported.
void legacy_spellings(int fd, int fl) {
  fcntl(fd, F_SETFL, fl | O_NDELAY);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_NDELAY is deprecated; use O_NONBLOCK (System V spelling; the same flag on Linux) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: fcntl(fd, F_SETFL, fl | O_NONBLOCK);
  fcntl(fd, F_SETFL, fl | FNDELAY);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FNDELAY is deprecated; use O_NONBLOCK (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: fcntl(fd, F_SETFL, fl | O_NONBLOCK);
  fcntl(fd, F_SETFL, fl | FNONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FNONBLOCK is deprecated; use O_NONBLOCK (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: fcntl(fd, F_SETFL, fl | O_NONBLOCK);
  fcntl(fd, F_SETFL, fl | FASYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FASYNC is deprecated; use O_ASYNC (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: fcntl(fd, F_SETFL, fl | O_ASYNC);
  fcntl(fd, F_SETFL, fl | FAPPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FAPPEND is deprecated; use O_APPEND (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: fcntl(fd, F_SETFL, fl | O_APPEND);
}

// Still reported: a flag that does reach the argument.
void still_reported(int fd, const char *p, mode_t m, dev_t dev) {
  fchmod(fd, (m & ~S_IFMT) | O_CREAT);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_CREAT is from the O_* namespace, not S_I*: in fchmod() mode 0x40 means S_IXUSR [misbehaves] [flagspace-wrong-namespace]
  // A file type is one value: or-ing two gives a third.
  mknod(p, S_IFREG | S_IFCHR | 0600, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: S_IFCHR is or'ed with S_IFREG, but S_IF* are values, not flags: in mknod() mode 0xa000 means S_IFLNK and the call fails with EINVAL [fails] [flagspace-unsupported-flag]
  mknod(p, S_IFMT | 0600, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: S_IFMT is not accepted by mknod() mode: the call fails with EINVAL; it takes S_IFREG, S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK, S_I* [fails] [flagspace-unsupported-flag]
  open(p, m & O_CREAT ? O_RDONLY | AT_SYMLINK_NOFOLLOW : O_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: open(p, m & O_CREAT ? O_RDONLY | O_NOFOLLOW : O_RDONLY);
  fcntl(fd, F_SETFL, (fcntl(fd, F_GETFL) | O_CREAT) & ~O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: O_CREAT is not accepted by fcntl(F_SETFL) arg: it is ignored; it takes O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME, O_NONBLOCK [ignored] [flagspace-unsupported-flag]
}
