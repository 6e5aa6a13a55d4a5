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
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: O_RDONLY is 0: 'flags & O_RDONLY' is always 0; test '(flags & O_ACCMODE) == O_RDONLY' [flagspace-value-bit-test]
    r++;
  if (!(o->flags & O_RDONLY))
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_RDONLY is 0: 'o->flags & O_RDONLY' is always 0; test '(o->flags & O_ACCMODE) == O_RDONLY' [flagspace-value-bit-test]
    r++;
  r += (O_RDONLY & fcntl(fd, F_GETFL)) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: O_RDONLY is 0: 'O_RDONLY & fcntl(fd, F_GETFL)' is always 0; test '(fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDONLY' [flagspace-value-bit-test]
  r += !!(flags & RDONLY_ALIAS);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_RDONLY is 0: 'flags & RDONLY_ALIAS' is always 0; test '(flags & O_ACCMODE) == O_RDONLY' [flagspace-value-bit-test]
  r += (fl->l_type & F_RDLCK) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: F_RDLCK is 0: 'fl->l_type & F_RDLCK' is always 0; test 'fl->l_type == F_RDLCK' [flagspace-value-bit-test]
  r += (whence & SEEK_SET) ? 1 : 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: SEEK_SET is 0: 'whence & SEEK_SET' is always 0; test 'whence == SEEK_SET' [flagspace-value-bit-test]
  r += (whence & SEEK_CUR) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: SEEK_CUR is a value of the SEEK_*, not a bit: 'whence & SEEK_CUR' is also true for SEEK_DATA; test 'whence == SEEK_CUR' [flagspace-value-bit-test]
  if (mode & S_IFDIR)
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: S_IFDIR is a value of the S_IFMT field, not a bit: 'mode & S_IFDIR' is also true for S_IFBLK, S_IFSOCK; test '(mode & S_IFMT) == S_IFDIR' [flagspace-value-bit-test]
    r++;
  if ((mode & S_IFREG) == S_IFREG)
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: S_IFREG is a value of the S_IFMT field, not a bit: 'mode & S_IFREG' is also true for S_IFLNK, S_IFSOCK; test '(mode & S_IFMT) == S_IFREG' [flagspace-value-bit-test]
    r++;
  r += (flags & AT_STATX_SYNC_AS_STAT) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: AT_STATX_SYNC_AS_STAT is 0: 'flags & AT_STATX_SYNC_AS_STAT' is always 0; test '(flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_AS_STAT' [flagspace-value-bit-test]
  r += (flags & PROT_NONE) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: PROT_NONE is 0: 'flags & PROT_NONE' is always 0 [flagspace-value-bit-test]
  flags &= O_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: O_RDONLY is 0: 'flags &= O_RDONLY' sets flags to 0 [flagspace-value-bit-test]
  return r + flags;
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
