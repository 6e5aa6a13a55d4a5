// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field %t
// A call's result or a field read, tested with `&` against a flag of
// another namespace: the test is always false (or tests another bit). What
// a result holds is data (`result` rules); fields use their `field` rules.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int wrong(int fd, const struct statx *stx) {
  int r = 0;
  r |= fcntl(fd, F_GETFD) & O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_GETFD) result 0x80000 matches no FD_* flag; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: r |= fcntl(fd, F_GETFD) & FD_CLOEXEC;
  r |= fcntl(fd, F_GETFL) & FD_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_GETFL) result 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-namespace]
  r |= (FD_CLOEXEC & fcntl(fd, F_GETFL)) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_GETFL) result 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-namespace]
  r |= (stx->stx_attributes & STATX_BTIME) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: STATX_BTIME belongs in statx.stx_mask, not statx.stx_attributes: here 0x800 means STATX_ATTR_ENCRYPTED [misbehaves] [flagspace-wrong-field]
  r |= (stx->stx_mask & STATX_ATTR_IMMUTABLE) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: STATX_ATTR_IMMUTABLE belongs in statx.stx_attributes, not statx.stx_mask: here 0x10 means STATX_GID [misbehaves] [flagspace-wrong-field]
  return r;
}

// Correct tests: nothing to report.
int correct(int fd, const struct statx *stx, int flags) {
  int r = 0;
  r |= fcntl(fd, F_GETFD) & FD_CLOEXEC;
  r |= (fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDONLY;
  r |= fcntl(fd, F_GETFL) & (O_NONBLOCK | O_APPEND);
  r |= fcntl(fd, F_GETFL) & flags;
  r |= (stx->stx_mask & STATX_BTIME) != 0;
  r |= (stx->stx_mask & (STATX_BASIC_STATS | STATX_BTIME)) != 0;
  r |= (stx->stx_attributes & STATX_ATTR_IMMUTABLE) != 0;
  r |= (stx->stx_attributes_mask & STATX_ATTR_APPEND) != 0;
  r |= fcntl(fd, F_SETFD, FD_CLOEXEC) & 1;
  r |= fcntl(fd, F_GETFD) & 1;
  return r;
}

// A result stored in a variable or a field of a local struct and tested
// later; compared with == or != or in a switch; a field read compared.
struct conn { int fd; int fl; };

int stored(int fd, const struct flock *lk, const struct stat *st) {
  int r = 0;
  int fl = fcntl(fd, F_GETFD);
  if (fl & O_NONBLOCK)
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: O_NONBLOCK is from the O_* namespace, not FD_*: in fcntl(F_GETFD) result 0x800 matches no FD_* flag [misbehaves] [flagspace-wrong-namespace]
    r++;
  struct conn c;
  c.fl = fcntl(fd, F_GETFL);
  if (c.fl & FD_CLOEXEC)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_GETFL) result 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-namespace]
    r++;
  if (fcntl(fd, F_GETLEASE) == LOCK_EX)
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: LOCK_EX is from the LOCK_* namespace, not F_*: in fcntl(F_GETLEASE) result 0x2 means F_UNLCK; use F_WRLCK [misbehaves] [flagspace-wrong-namespace]
    // CHECK-FIXES: if (fcntl(fd, F_GETLEASE) == F_WRLCK)
    r++;
  if (lk->l_type == LOCK_UN)
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: LOCK_UN is from the LOCK_* namespace, not F_*: in flock.l_type 0x8 matches no F_* value; use F_UNLCK [misbehaves] [flagspace-wrong-namespace]
    // CHECK-FIXES: if (lk->l_type == F_UNLCK)
    r++;
  int lease = fcntl(fd, F_GETLEASE);
  switch (lease) {
  case LOCK_SH:
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: LOCK_SH is from the LOCK_* namespace, not F_*: in fcntl(F_GETLEASE) result 0x1 means F_WRLCK; use F_RDLCK [misbehaves] [flagspace-wrong-namespace]
    // CHECK-FIXES: case F_RDLCK:
    r++;
    break;
  case F_UNLCK:
    break;
  }
  if (st->st_mode & O_WRONLY)
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_WRONLY is from the O_* namespace, not S_I* or S_IF*: in stat.st_mode 0x1 means S_IXOTH [misbehaves] [flagspace-wrong-namespace]
    r++;
  return r;
}

// Correct tests and comparisons, and values not followed: nothing.
int stored_correct(int fd, const struct flock *lk, const struct stat *st,
                   int other) {
  int r = 0;
  int fl = fcntl(fd, F_GETFD);
  r += (fl & FD_CLOEXEC) != 0;
  r += fl == -1;
  int status = fcntl(fd, F_GETFL);
  status |= O_NONBLOCK;                 // changed since: not the result
  r += (status & FD_CLOEXEC) != 0;
  int maybe = fcntl(fd, F_GETFL);
  if (other)
    maybe = other;                      // another value on some paths
  r += (maybe & FD_CLOEXEC) != 0;
  r += fcntl(fd, F_GETLEASE) == F_WRLCK;
  r += lk->l_type != F_UNLCK;
  switch (fcntl(fd, F_GETLEASE)) {
  case F_RDLCK:
  case F_WRLCK:
    r++;
    break;
  case -1:
    break;
  }
  r += (st->st_mode & S_IFMT) == S_IFDIR;
  r += (st->st_mode & (S_IWUSR | S_ISUID)) != 0;
  r += st->st_mode == (S_IFREG | 0644);
  return r;
}

// A result written back through another command: F_GETFL's O_ flags given
// to F_SETFD (O_WRONLY's bit is FD_CLOEXEC there), F_GETFD's into F_SETFL.
void written_back(int fd, int nonblock) {
  fcntl(fd, F_SETFD, fcntl(fd, F_GETFL) | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: fcntl(F_GETFL) result holds O_* flags, but fcntl(F_SETFD) arg takes FD_*: written back there, its bits mean something else; use F_GETFD [misbehaves] [flagspace-wrong-namespace]
  int flags = fcntl(fd, F_GETFD);
  fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-2]]:15: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_SETFL, nonblock ? fcntl(fd, F_GETFD) & ~O_NONBLOCK : 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
}

// Through the unit's own helpers that return a getter's result (directly
// or through a variable; -1 on error is no result): pointed at the helper's
// call.
static int fd_flags(int fd) { return fcntl(fd, F_GETFD); }
int status_flags(int fd) {
  int fl = fcntl(fd, F_GETFL);
  if (fl < 0)
    return -1;
  return fl;
}

void written_back_through_helpers(int fd) {
  fcntl(fd, F_SETFL, fd_flags(fd) | O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_SETFD, status_flags(fd) | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: fcntl(F_GETFL) result holds O_* flags, but fcntl(F_SETFD) arg takes FD_*: written back there, its bits mean something else; use F_GETFD [misbehaves] [flagspace-wrong-namespace]
}

// Kept in a field of the unit's own struct in one function and written
// back in another, or or'ed into before it is written back.
struct saved_flags { int fd; int fl; };
void save_flags(struct saved_flags *s) { s->fl = fcntl(s->fd, F_GETFD); }
// CHECK-MESSAGES: :[[@LINE-1]]:50: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
void restore_nonblock(struct saved_flags *s) { fcntl(s->fd, F_SETFL, s->fl | O_NONBLOCK); }
void or_ed_into(int fd) {
  int fl;
  fl = fcntl(fd, F_GETFD, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
  fl |= O_NONBLOCK;
  fcntl(fd, F_SETFL, fl);
}

// A field given two getters' results may hold either: nothing.
struct two_getters { int fd; int fl; };
void get_fd_flags(struct two_getters *s) { s->fl = fcntl(s->fd, F_GETFD); }
void get_status(struct two_getters *s) { s->fl = fcntl(s->fd, F_GETFL); }
void set_from_either(struct two_getters *s) { fcntl(s->fd, F_SETFL, s->fl | O_NONBLOCK); }
void or_ed_into_correct(int fd, int on) {
  int fl = fcntl(fd, F_GETFL);
  if (on)
    fl |= O_NONBLOCK;
  fl &= ~O_APPEND;
  fcntl(fd, F_SETFL, fl);
}

void written_back_through_helpers_correct(int fd) {
  fcntl(fd, F_SETFL, status_flags(fd) | O_NONBLOCK);
  fcntl(fd, F_SETFD, fd_flags(fd) | FD_CLOEXEC);
}

// Written back through the command that reads them: nothing.
void written_back_correct(int fd, int other) {
  fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  int flags = fcntl(fd, F_GETFL);
  fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  int fdflags = fcntl(fd, F_GETFD);
  if (other)
    fdflags = fcntl(fd, F_GETFL);       // not certain: either may reach
  fcntl(fd, F_SETFD, fdflags | FD_CLOEXEC);
  fcntl(fd, F_SETFD, other);
  fcntl(fd, F_DUPFD, fcntl(fd, F_GETFD)); // a number argument
}
