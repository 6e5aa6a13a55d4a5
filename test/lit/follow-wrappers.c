// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// A function of this translation unit whose parameter reaches a known flag
// argument unchanged (or OR-ed with constants) takes that argument's
// namespace, and its callers are checked. No fix-it: the call may be right
// and the wrapper meant for another namespace.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int xopen(const char *p, int flags) { return open(p, flags | O_CLOEXEC); }
static int xopenat(int dfd, const char *p, int flags, mode_t mode) {
  return openat(dfd, p, flags, mode);
}
static int twice(const char *p, int flags) {
  return open(p, flags) + openat(AT_FDCWD, p, flags);
}

int positives(const char *p) {
  int r = xopen(p, AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :11:61: note: flag passed here
  r += xopen(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :11:61: note: flag passed here
  r += xopenat(AT_FDCWD, p, O_RDONLY, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: O_CLOEXEC is from the O_* namespace, not S_I*: in openat() mode 0x80000 matches no S_I* flag and is ignored; it belongs in openat() flags [ignored] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :13:32: note: flag passed here
  r += twice(p, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :16:18: note: flag passed here
  return r;
}

// Nothing below may be reported: what the parameter holds is not certain.
// Passed to both open() and fstatat(): no single namespace.
static int both(const char *p, int flags, struct stat *st) {
  if (flags & 1)
    return fstatat(AT_FDCWD, p, st, flags);
  return open(p, flags);
}
// Changed before it is passed on.
static int masked(const char *p, int flags) { return open(p, flags & ~O_CREAT); }
static int written(const char *p, int flags) {
  flags |= O_CLOEXEC;
  return open(p, flags);
}
// Also given to a function whose flags flagspace does not know.
int unknown_fn(int);
static int passed_on(const char *p, int flags) {
  unknown_fn(flags);
  return open(p, flags);
}
int negatives(const char *p, struct stat *st) {
  int r = both(p, AT_SYMLINK_NOFOLLOW, st);
  r += both(p, O_CLOEXEC, st);
  r += masked(p, AT_EMPTY_PATH);
  r += written(p, AT_EMPTY_PATH);
  r += passed_on(p, AT_EMPTY_PATH);
  r += xopen(p, O_RDONLY | O_NOFOLLOW);
  r += xopenat(AT_FDCWD, p, O_WRONLY | O_CREAT, 0644);
  return r;
}

// Wrappers of wrappers: the parameter reaches open() through xopen().
static int xopen_ro(const char *p, int extra) { return xopen(p, O_RDONLY | extra); }
static int xopen_logged(const char *p, int extra) { return xopen_ro(p, extra); }
int chained(const char *p) {
  int r = xopen_ro(p, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :11:61: note: flag passed here
  r += xopen_logged(p, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :11:61: note: flag passed here
  return r + xopen_logged(p, O_NOFOLLOW);
}

// Not followed: an inner wrapper with no single namespace, a cycle, a
// function with no body here.
static int both_twice(const char *p, int flags, struct stat *st) {
  return both(p, flags, st);
}
static int ping(const char *p, int flags, int n);
static int pong(const char *p, int flags, int n) { return ping(p, flags, n - 1); }
static int ping(const char *p, int flags, int n) {
  return n ? pong(p, flags, n) : open(p, flags);
}
int elsewhere(const char *p, int flags);
static int to_elsewhere(const char *p, int flags) {
  return elsewhere(p, flags) + open(p, flags);
}
int chained_negatives(const char *p, struct stat *st) {
  int r = both_twice(p, AT_SYMLINK_NOFOLLOW, st);
  r += ping(p, AT_EMPTY_PATH, 3);
  r += to_elsewhere(p, AT_EMPTY_PATH);
  return r;
}
