// RUN: %check_flagspace %s flagspace-invalid-combination,flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-missing-mode %t
// RUN: %check_flagspace %s flagspace-invalid-combination,flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-missing-mode %t -- -- -x c++ -std=gnu++17
// Helpers that compute flags for a call (issue 23 items 1 and 7): a static
// function whose returns are constants, conditions on its parameters
// (`on ? FD_CLOEXEC : 0`, whose condition only picks an arm) or its own
// variable built over several statements (`int flags; switch (mode[0])
// ... return flags;`). Where the value may depend on the arguments, only
// at a call that gives nothing known: an integer not known, or the
// caller's own string parameter (an fopen-style mode passed on). Flags
// written together in one return meet whenever it is taken, and so do an
// access mode chosen on every path and another or'ed in on some.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

// An fopen-style mode mapped to open flags, an access mode or'ed as bits
// in one return.
static int mode_flags(const char *mode) {
  bool plus = strchr(mode, '+') != NULL;
  switch (mode[0]) {
  case 'r':
    return plus ? O_RDWR : O_RDONLY;
  case 'w':
    return plus ? O_RDWR | O_CREAT | O_TRUNC
                : O_RDONLY | O_WRONLY | O_CREAT | O_TRUNC;
  case 'a':
    return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
  }
  return -1;
}
int my_fopen(const char *path, const char *mode) {
  return open(path, mode_flags(mode), 0666);
  // CHECK-MESSAGES: :[[@LINE-8]]:30: warning: O_WRONLY and O_RDONLY together in open() flags are O_WRONLY: the access mode is one value and O_RDONLY is 0, so the file is opened write-only and read() fails with EBADF; to read and write use O_RDWR [misbehaves] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :[[@LINE-2]]:21: note: flag passed here
}

// The same built in a variable over several statements.
static int mode_bits(const char *mode, bool cloexec) {
  int flags;
  switch (mode[0]) {
  case 'r':
    flags = O_RDONLY;
    break;
  case 'w':
    flags = O_TRUNC | O_CREAT | O_WRONLY | O_RDWR;
    break;
  default:
    return -1;
  }
  if (cloexec)
    flags |= O_CLOEXEC;
  return flags;
}
int open_mode(const char *path, const char *mode, bool cloexec) {
  int fl = mode_bits(mode, cloexec);
  if (fl < 0)
    return -1;
  return open(path, fl, 0644);
  // CHECK-MESSAGES: :[[@LINE-14]]:44: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :[[@LINE-2]]:21: note: flag passed here
}

// The access mode chosen on every path, then O_RDWR or'ed in for '+':
// "w+" and "a+" give mode 3.
static int fopen_flags(const char *mode) {
  int flags;
  if (mode[0] == 'r')
    flags = O_RDONLY;
  else if (mode[0] == 'w')
    flags = O_WRONLY | O_CREAT | O_TRUNC;
  else if (mode[0] == 'a')
    flags = O_WRONLY | O_CREAT | O_APPEND;
  else
    return -1;
  if (strchr(mode, '+'))
    flags |= O_RDWR;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  return flags;
}
int plus_fopen(const char *path, const char *mode) {
  return open(path, fopen_flags(mode), 0666);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: note: flag passed here
}

// A mode the helper leaves without a creation mode.
static int create_flags(bool excl) {
  int flags = O_WRONLY | O_CREAT;
  if (excl)
    flags |= O_EXCL;
  return flags;
}
int create(const char *path, bool excl) { return open(path, create_flags(excl)); }
// CHECK-MESSAGES: :[[@LINE-1]]:61: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
// CHECK-MESSAGES: :[[@LINE-7]]:26: note: O_CREAT is set here

// Flags of one namespace from a helper, given to a call of another: dup3()
// takes O_CLOEXEC, flock() takes LOCK_*.
static int cloexec_if(bool on) { return on ? FD_CLOEXEC : 0; }
int dup_to(int fd, int to, bool on) { return dup3(fd, to, cloexec_if(on)); }
// CHECK-MESSAGES: :[[@LINE-2]]:46: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in dup3() flags 0x1 means O_WRONLY and the call fails with EINVAL; use O_CLOEXEC [fails] [flagspace-wrong-namespace]
// CHECK-MESSAGES: :[[@LINE-2]]:59: note: flag passed here
static int lock_type(bool write) {
  int type = F_RDLCK;
  if (write)
    type = F_WRLCK;
  return type;
}
int lock(int fd, bool write) { return flock(fd, lock_type(write)); }
// CHECK-MESSAGES: :[[@LINE-6]]:14: warning: F_RDLCK is from the F_* namespace, not LOCK_*: in flock() operation 0x0 is 0 and has no effect; use LOCK_SH [ignored] [flagspace-wrong-namespace]
// CHECK-MESSAGES: :[[@LINE-2]]:49: note: flag passed here
// CHECK-MESSAGES: :[[@LINE-6]]:12: warning: F_WRLCK is from the F_* namespace, not LOCK_*: in flock() operation 0x1 means LOCK_SH; use LOCK_EX [misbehaves] [flagspace-wrong-namespace]
// CHECK-MESSAGES: :[[@LINE-4]]:49: note: flag passed here
static int dup_flags(bool nonblock) {
  int flags = O_CLOEXEC;
  if (nonblock)
    flags |= O_NONBLOCK;
  return flags;
}
int dup_nb(int fd, int to, bool nb) { return dup3(fd, to, dup_flags(nb)); }
// CHECK-MESSAGES: :[[@LINE-4]]:14: warning: O_NONBLOCK is not accepted by dup3() flags: the call fails with EINVAL; it takes O_CLOEXEC [fails] [flagspace-unsupported-flag]
// CHECK-MESSAGES: :[[@LINE-2]]:59: note: flag passed here

// Nothing below may be reported.
// musl's __fmodeflags: the access mode is chosen once, and the flags that
// depend on it are added under the same tests.
static int fmodeflags(const char *mode) {
  int flags;
  if (strchr(mode, '+'))
    flags = O_RDWR;
  else if (*mode == 'r')
    flags = O_RDONLY;
  else
    flags = O_WRONLY;
  if (strchr(mode, 'x'))
    flags |= O_EXCL;
  if (strchr(mode, 'e'))
    flags |= O_CLOEXEC;
  if (*mode != 'r')
    flags |= O_CREAT;
  if (*mode == 'w')
    flags |= O_TRUNC;
  if (*mode == 'a')
    flags |= O_APPEND;
  return flags;
}
static int lock_op(bool excl, bool wait) {
  int op = excl ? LOCK_EX : LOCK_SH;
  if (!wait)
    op |= LOCK_NB;
  return op;
}
static int cloexec_on(bool on) { return on ? O_CLOEXEC : 0; }
// The access mode replaced, not or'ed, for '+'.
static int fopen_right(const char *mode) {
  int flags = mode[0] == 'r' ? O_RDONLY : O_WRONLY | O_CREAT;
  if (strchr(mode, '+'))
    flags = (flags & ~O_ACCMODE) | O_RDWR;
  return flags;
}
// A helper whose flags are wrong for an argument a call may never give:
// given a literal, not followed.
static int wrong_for_w(const char *mode) {
  int flags = O_RDONLY;
  if (mode[0] == 'w')
    flags = O_RDONLY | O_WRONLY;
  return flags;
}
int right(const char *path, const char *mode, int fd, bool on, int flags) {
  int r = open(path, fmodeflags(mode), 0666);
  r += open(path, fopen_right(mode), 0666);
  r += flock(fd, lock_op(on, !on));
  r += dup3(fd, 10, cloexec_on(on));
  r += open(path, wrong_for_w("r"));
  r += open(path, mode_flags("r"));
  return r + open(path, create_flags(flags), 0600);
}
