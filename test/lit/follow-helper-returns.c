// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode %t
// A small static function with parameters and several returns: at a call
// whose arguments hold nothing known, every return's value reaches the
// call, as the values of an if-else do. A call given a known argument (a
// constant, a variable holding one), or a pointer or a string other than
// the caller's own string parameter, may pick one return: not guessed.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>

static int mode(bool w) {
  if (w)
    return O_WRONLY | O_CREAT;
  return O_RDONLY;
}
int no_mode(const char *p, bool x) {
  return open(p, mode(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :[[@LINE-6]]:23: note: O_CREAT is set here
}

static int at_flags(int follow, int empty) {
  if (follow > 1)
    return AT_EMPTY_PATH;
  switch (empty) {
  case 0:
    return AT_SYMLINK_NOFOLLOW;
  default:
    return O_NOFOLLOW;
  }
}
int stat_it(int dfd, const char *p, struct stat *st, int follow) {
  int empty = follow > 1 ? 1 : 0;
  return fstatat(dfd, p, st, at_flags(follow, empty));
  // CHECK-MESSAGES: :[[@LINE-6]]:12: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:30: note: flag passed here
}

// A string the caller was given (its own parameter, never changed) is
// nothing known either: every return may be taken.
static int by_name(const char *m) {
  if (m[0] == 'w')
    return O_WRONLY | O_CREAT;
  return AT_SYMLINK_NOFOLLOW;
}
int given(const char *p, const char *m) {
  return open(p, by_name(m), 0644);
  // CHECK-MESSAGES: :[[@LINE-4]]:10: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

// Nothing below may be reported.
int known(int dfd, const char *p, struct stat *st, bool x, const char *m) {
  int one = 1;
  char own[2] = "r";
  const char *changed = m;
  changed = "r";
  return fstatat(dfd, p, st, at_flags(2, 0)) +
         fstatat(dfd, p, st, at_flags(one, x)) + open(p, mode(false)) +
         open(p, by_name("r")) + open(p, by_name(own)) +
         open(p, by_name(changed)) + open(p, mode(x), 0644);
}
