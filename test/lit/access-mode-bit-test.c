// RUN: %check_flagspace %s flagspace-value-bit-test %t
// RUN: %check_flagspace %s flagspace-value-bit-test %t -- -- -x c++ -std=gnu++17
// The access mode is one value of O_ACCMODE, not bits: O_RDWR includes what
// O_WRONLY gives (rules/fcntl.rules covers=), so `flags & O_WRONLY` as a
// test of write access is false for a read-write descriptor. Reported where
// the value provably holds open flags (it is given to open(), it is an
// F_GETFL result, it is open_how.flags) and the function tests it against
// no other access mode; the fix-it, where the test is read as true or
// false, keeps what the code does for every mode but 3.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdbool.h>
#include <sys/syscall.h>
#include <unistd.h>

int open_truncated(const char *p, int flags) {
  int fd = open(p, flags | O_CLOEXEC, 0644);
  if (fd >= 0 && (flags & O_WRONLY))
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: 'flags & O_WRONLY' is false for O_RDWR, which includes it; test '(flags & O_ACCMODE) == O_WRONLY', or '(flags & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]
  // CHECK-FIXES: if (fd >= 0 && ((flags & O_ACCMODE) == O_WRONLY))
    ftruncate(fd, 0);
  return fd;
}

bool writable(int fd) {
  int fl = fcntl(fd, F_GETFL);
  return (fl & O_WRONLY) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: '(fl & O_WRONLY) != 0' is false for O_RDWR, which includes it; test '(fl & O_ACCMODE) == O_WRONLY', or '(fl & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]
  // CHECK-FIXES: return (fl & O_ACCMODE) == O_WRONLY;
}

bool writable_now(int fd) {
  if (fcntl(fd, F_GETFL) & O_WRONLY)
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: 'fcntl(fd, F_GETFL) & O_WRONLY' is false for O_RDWR, which includes it; test '(fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY', or '(fcntl(fd, F_GETFL) & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]
  // CHECK-FIXES: if ((fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY)
    return true;
  return false;
}

#define IS_WRITE_ONLY(f) ((f) & O_WRONLY)
int in_macro(const char *p, int flags) {
  int fd = open(p, flags);
  return IS_WRITE_ONLY(flags) ? fd : -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: a test of it with & is false for O_RDWR, which includes it; test '(... & O_ACCMODE) == O_WRONLY', or '(... & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]
}

bool how_reads(const struct open_how *how) {
  return !(how->flags & O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: 'how->flags & O_WRONLY' is false for O_RDWR, which includes it; test '(how->flags & O_ACCMODE) == O_WRONLY', or '(how->flags & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]
  // CHECK-FIXES: return !((how->flags & O_ACCMODE) == O_WRONLY);
}

int how_open(int dfd, const char *p, struct open_how *how) {
  bool w = (how->flags & O_WRONLY) == 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: '(how->flags & O_WRONLY) == 0' is also true for O_RDWR, which includes it; test '(how->flags & O_ACCMODE) != O_WRONLY', or '(how->flags & O_ACCMODE) == O_RDONLY' for neither [misbehaves] [flagspace-value-bit-test]
  // CHECK-FIXES: bool w = (how->flags & O_ACCMODE) != O_WRONLY;
  return w ? (int)syscall(SYS_openat2, dfd, p, how, sizeof *how) : -1;
}

// Right code: nothing may be reported below.
int right_mask(const char *p, int flags) {
  int fd = open(p, flags);
  if ((flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR)
    ftruncate(fd, 0);
  return fd;
}

int right_both(const char *p, int flags) {
  int fd = open(p, flags);
  if ((flags & O_WRONLY) || (flags & O_RDWR))
    ftruncate(fd, 0);
  return fd;
}

int right_switch(int fd) {
  int fl = fcntl(fd, F_GETFL);
  switch (fl & O_ACCMODE) {
  case O_RDONLY:
    return 0;
  }
  return (fl & O_WRONLY) != 0;
}

// O_RDWR tests read-write access; a value not known to hold open flags; a
// result of another namespace.
int right_other(int fd, int mode, int flags) {
  int r = (fcntl(fd, F_GETFL) & O_RDWR) != 0;
  r += (mode & O_WRONLY) != 0;
  r += (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0;
  return r + (flags & O_NONBLOCK);
}
