// RUN: %check_flagspace %s flagspace-value-bit-test %t
// A value tested with & as if it were a bit: a flag whose value is 0 is
// never set (`flags & O_RDONLY` is always 0), and the values of an
// enumeration or a field share bits (`mode & S_IFDIR` is also true for a
// block device). Every & of a function is looked at, not only arguments.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MY_ZERO 0
#define RDONLY_ALIAS O_RDONLY

struct opened { int flags; };

int wrong(int flags, mode_t mode, int whence, struct flock *fl,
          const struct opened *o, int fd) {
  int r = 0;
  if (flags & O_RDONLY)
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: O_RDONLY is 0: 'flags & O_RDONLY' is always 0; test '(flags & O_ACCMODE) == O_RDONLY' [misbehaves] [flagspace-value-bit-test]
    r++;
  if (!(o->flags & O_RDONLY))
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_RDONLY is 0: 'o->flags & O_RDONLY' is always 0; test '(o->flags & O_ACCMODE) == O_RDONLY' [misbehaves] [flagspace-value-bit-test]
    r++;
  r += (O_RDONLY & fcntl(fd, F_GETFL)) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: O_RDONLY is 0: '(O_RDONLY & fcntl(fd, F_GETFL)) != 0' is always false; test '(fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDONLY' [misbehaves] [flagspace-value-bit-test]
  r += !!(flags & RDONLY_ALIAS);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_RDONLY is 0: 'flags & RDONLY_ALIAS' is always 0; test '(flags & O_ACCMODE) == O_RDONLY' [misbehaves] [flagspace-value-bit-test]
  r += (fl->l_type & F_RDLCK) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: F_RDLCK is 0: '(fl->l_type & F_RDLCK) != 0' is always false; test 'fl->l_type == F_RDLCK' [misbehaves] [flagspace-value-bit-test]
  r += (whence & SEEK_SET) ? 1 : 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: SEEK_SET is 0: 'whence & SEEK_SET' is always 0; test 'whence == SEEK_SET' [misbehaves] [flagspace-value-bit-test]
  r += (whence & SEEK_CUR) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: SEEK_CUR is a value of the SEEK_*, not a bit: '(whence & SEEK_CUR) != 0' is also true for SEEK_DATA; test 'whence == SEEK_CUR' [misbehaves] [flagspace-value-bit-test]
  if (mode & S_IFDIR)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: S_IFDIR is a value of the S_IFMT field, not a bit: 'mode & S_IFDIR' is also true for S_IFBLK, S_IFSOCK; test '(mode & S_IFMT) == S_IFDIR' [misbehaves] [flagspace-value-bit-test]
    r++;
  if ((mode & S_IFREG) == S_IFREG)
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: S_IFREG is a value of the S_IFMT field, not a bit: '(mode & S_IFREG) == S_IFREG' is also true for S_IFLNK, S_IFSOCK; test '(mode & S_IFMT) == S_IFREG' [misbehaves] [flagspace-value-bit-test]
    r++;
  r += (flags & AT_STATX_SYNC_AS_STAT) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: AT_STATX_SYNC_AS_STAT is 0: '(flags & AT_STATX_SYNC_AS_STAT) != 0' is always false; test '(flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_AS_STAT' [misbehaves] [flagspace-value-bit-test]
  r += (flags & PROT_NONE) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: PROT_NONE is 0: '(flags & PROT_NONE) != 0' is always false [misbehaves] [flagspace-value-bit-test]
  flags &= O_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: O_RDONLY is 0: 'flags &= O_RDONLY' sets flags to 0 [misbehaves] [flagspace-value-bit-test]
  return r + flags;
}

// Compared with the flag itself, the test holds for every value that has
// all the flag's bits; compared with 0, as the & alone.
int compared(int flags, mode_t mode, const struct stat *st) {
  int r = 0;
  r += (mode & S_IFDIR) == S_IFDIR;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: S_IFDIR is a value of the S_IFMT field, not a bit: '(mode & S_IFDIR) == S_IFDIR' is also true for S_IFBLK, S_IFSOCK; test '(mode & S_IFMT) == S_IFDIR' [misbehaves] [flagspace-value-bit-test]
  r += S_IFCHR != (st->st_mode & S_IFCHR);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: S_IFCHR is a value of the S_IFMT field, not a bit: 'S_IFCHR != (st->st_mode & S_IFCHR)' is also false for S_IFBLK, S_IFLNK; test '(st->st_mode & S_IFMT) != S_IFCHR' [misbehaves] [flagspace-value-bit-test]
  r += (mode & S_IFDIR) == 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: S_IFDIR is a value of the S_IFMT field, not a bit: '(mode & S_IFDIR) == 0' is also false for S_IFBLK, S_IFSOCK; test '(mode & S_IFMT) != S_IFDIR' [misbehaves] [flagspace-value-bit-test]
  r += (flags & O_RDONLY) == O_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_RDONLY is 0: '(flags & O_RDONLY) == O_RDONLY' is always true; test '(flags & O_ACCMODE) == O_RDONLY' [misbehaves] [flagspace-value-bit-test]
  r += (flags & O_RDONLY) == 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_RDONLY is 0: '(flags & O_RDONLY) == 0' is always true; test '(flags & O_ACCMODE) != O_RDONLY' [misbehaves] [flagspace-value-bit-test]
  r += (flags & O_RDONLY) != O_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_RDONLY is 0: '(flags & O_RDONLY) != O_RDONLY' is always false; test '(flags & O_ACCMODE) != O_RDONLY' [misbehaves] [flagspace-value-bit-test]
  return r;
}

// No other file type has all of S_IFSOCK's or S_IFLNK's bits (libarchive's
// mtree reader tests `(st->st_mode & S_IFSOCK) == S_IFSOCK`); a comparison
// with another value or a variable is not a bit test.
int compared_correctly(mode_t mode, const struct stat *st, int x) {
  int r = 0;
  r += (st->st_mode & S_IFSOCK) == S_IFSOCK;
  r += S_IFLNK == (mode & S_IFLNK);
  r += (mode & S_IFLNK) != S_IFLNK;
  r += (mode & S_IFDIR) == S_IFREG;
  r += (mode & S_IFDIR) == x;
  r += (mode & S_IFDIR) == (x & 1);
  return r;
}

// Correct tests, and tests that work: nothing to report.
int correct(int flags, mode_t mode, int whence, struct flock *fl, int x) {
  int r = 0;
  r += (flags & O_ACCMODE) == O_RDONLY;
  r += (flags & O_WRONLY) != 0;           // no other access mode has its bit
  r += (flags & O_RDWR) != 0;
  r += (mode & S_IFMT) == S_IFDIR;
  r += (mode & S_IFMT) != 0;
  r += (mode & S_IFIFO) != 0;             // no other file type has its bit
  r += (flags & MY_ZERO) != 0;            // a user's 0, in no namespace
  r += (x & 0) != 0;                      // a plain number
  r += (flags & O_LARGEFILE) != 0;        // 0 on x86-64 only: portable code
  r += (whence & SEEK_HOLE) != 0;         // no other whence has its bit
  r += (fl->l_type & F_WRLCK) != 0;       // no other lock type has its bit
  r += (flags & (O_RDONLY | O_NONBLOCK)) != 0; // a mask of several flags
  r += (O_RDWR & O_RDONLY) != 0;          // a constant
  r += (flags & O_NONBLOCK) != 0;
  flags &= O_ACCMODE;
  flags &= ~O_NONBLOCK;
  return r + flags;
}
