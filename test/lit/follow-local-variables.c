// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// Flags held in a local variable, or returned by a small static function,
// are followed to the call when every path to it is certain. The warning
// points where the flag is written, a note at the call; no fix-it is made,
// as the definition may serve other uses.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int initializer(const char *p) {
  int fl = O_RDONLY | AT_SYMLINK_NOFOLLOW;
  return open(p, fl);
  // CHECK-MESSAGES: :[[@LINE-2]]:23: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

int or_assigned(const char *p, int cloexec) {
  int fl = O_RDONLY;
  fl |= AT_EMPTY_PATH;
  if (cloexec)
    fl |= O_CLOEXEC;
  if (cloexec) {
    fl |= AT_REMOVEDIR;
  }
  return open(p, fl);
  // CHECK-MESSAGES: :[[@LINE-7]]:9: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-5]]:11: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-4]]:18: note: flag passed here
}

int ternary(const char *p, int nofollow) {
  int fl = nofollow ? AT_SYMLINK_NOFOLLOW : 0;
  return open(p, O_RDONLY | fl);
  // CHECK-MESSAGES: :[[@LINE-2]]:23: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:29: note: flag passed here
}

static int default_flags(void) { return O_RDONLY | AT_EMPTY_PATH; }
int from_function(const char *p) {
  return open(p, default_flags());
  // CHECK-MESSAGES: :[[@LINE-3]]:52: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

int chained(const char *p) {
  int a = AT_SYMLINK_NOFOLLOW;
  int b = a | O_RDONLY;
  return open(p, b);
  // CHECK-MESSAGES: :[[@LINE-3]]:11: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

// Nothing below may be reported: the value is correct on every path, or
// some path is unclear and the value is treated as unknown.
int reassigned(const char *p, int dfd, struct stat *st) {
  int fl = O_NOFOLLOW;
  fl = AT_SYMLINK_NOFOLLOW;
  int o = AT_SYMLINK_NOFOLLOW;
  o = O_RDONLY | O_NOFOLLOW;
  return fstatat(dfd, p, st, fl) + open(p, o);
}
int cleared(const char *p) {
  int fl = O_RDONLY | AT_SYMLINK_NOFOLLOW;
  fl &= ~AT_SYMLINK_NOFOLLOW;
  return open(p, fl);
}
int masked(const char *p, int mask) {
  int fl = O_RDONLY | AT_SYMLINK_NOFOLLOW;
  fl &= mask;
  return open(p, fl);
}
int loop(const char *p, int n) {
  int fl = O_RDONLY;
  for (int i = 0; i < n; i++)
    fl |= AT_SYMLINK_NOFOLLOW;
  return open(p, fl);
}
int address(const char *p, void (*f)(int *)) {
  int fl = AT_SYMLINK_NOFOLLOW;
  f(&fl);
  return open(p, fl);
}
int unknown_assign(const char *p, int (*g)(void)) {
  int fl = AT_SYMLINK_NOFOLLOW;
  fl = g();
  return open(p, fl);
}
int branches(const char *p, int c) {
  int fl = AT_SYMLINK_NOFOLLOW;
  if (c)
    fl = O_RDONLY;
  else
    fl = O_WRONLY;
  return open(p, fl);
}
int with_goto(const char *p, int c) {
  int fl = O_RDONLY;
  if (c)
    goto out;
  fl = AT_SYMLINK_NOFOLLOW;
out:
  return open(p, fl);
}
int after_use(const char *p) {
  int fl = O_RDONLY;
  int r = open(p, fl);
  fl = AT_SYMLINK_NOFOLLOW;
  return r + fl;
}
int volatile_var(const char *p) {
  volatile int fl = AT_SYMLINK_NOFOLLOW;
  return open(p, fl);
}
// Which return is taken depends on the argument: not guessed.
static int pick_flags(int at) {
  if (at)
    return AT_SYMLINK_NOFOLLOW;
  return O_NOFOLLOW;
}
int picked(const char *p, int dfd, struct stat *st) {
  return open(p, pick_flags(0)) + fstatat(dfd, p, st, pick_flags(1));
}
int in_switch(const char *p, int c) {
  switch (c) {
    int fl;
  case 0:
    fl = AT_SYMLINK_NOFOLLOW;
    return open(p, O_RDONLY);
  case 1:
    fl = O_RDONLY;
    return open(p, fl);
  }
  return -1;
}
int correct(const char *p, int dfd, struct stat *st) {
  int fl = O_RDONLY | O_CLOEXEC;
  int at = AT_SYMLINK_NOFOLLOW;
  at |= AT_EMPTY_PATH;
  return open(p, fl) + fstatat(dfd, p, st, at);
}
