// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// A call through a function pointer is checked as a call of the function
// it holds, when that is certain: a local pointer whose reaching writes all
// name one function (`= open`, `= &open`), a const global pointer, and a
// static table of operations whose entries all hold the same function.
// Not followed: a pointer that may hold another function (a parameter, a
// global anybody may change, a table of different functions).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int local_pointer(const char *p) {
  int (*op)(const char *, int, ...) = open;
  return op(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: return op(p, O_RDONLY | O_NOFOLLOW);
}

int deref_pointer(const char *p, int c) {
  int (*op)(const char *, int, ...);
  if (c)
    op = &open;
  else
    op = open;
  return (*op)(p, O_RDONLY | AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
}

static int (*const stat_op)(int, const char *, struct stat *, int) = fstatat;
int const_global(const char *p, struct stat *st) {
  return stat_op(AT_FDCWD, p, st, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: return stat_op(AT_FDCWD, p, st, AT_SYMLINK_NOFOLLOW);
}

struct entry {
  const char *name;
  int (*fn)(const char *, int, ...);
};
static const struct entry same[] = {{"a", open}, {"b", open}};
int by_table(const char *p, int i) {
  return same[i].fn(p, O_RDONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
}

// Nothing below may be reported.
static const struct entry mixed[] = {{"a", open}, {"b", open64}};
int (*changing)(const char *, int, ...) = open;
int quiet(const char *p, int c, int (*given)(const char *, int, ...)) {
  int (*op)(const char *, int, ...) = open;
  if (c)
    op = given;
  int (*at)(int, const char *, int, ...) = openat;
  return op(p, AT_SYMLINK_NOFOLLOW) + changing(p, AT_SYMLINK_NOFOLLOW) +
         given(p, AT_SYMLINK_NOFOLLOW) + mixed[c].fn(p, AT_SYMLINK_NOFOLLOW) +
         at(AT_FDCWD, p, O_RDONLY | O_NOFOLLOW);
}
