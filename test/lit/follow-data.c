// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// Flags through data in one function: an integer field of a local struct
// written (`c.f = X`, `|=`, a designated or positional brace initializer,
// or `p->f` through a local pointer `p = &c` used only so) and later passed
// is followed like a local variable; a variable or field
// assigned once on every path of an if-else chain or a switch holds one of
// those values (a path without a write keeps the value before, a path that
// returns never reaches the call). The warning points where the flag is
// written, a note at the call. Anything less certain is not followed.
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cfg {
  const char *name;
  int open_flags;
  int at_flags;
};

int member_written(int dfd, const char *p) {
  struct cfg cfg;
  struct stat st;
  cfg.at_flags = O_NOFOLLOW;
  cfg.open_flags = O_RDONLY;
  return fstatat(dfd, p, &st, cfg.at_flags) + open(p, cfg.open_flags);
  // CHECK-MESSAGES: :[[@LINE-3]]:18: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:31: note: flag passed here
}

int designated(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct stat st;
  return fstatat(dfd, p, &st, c.at_flags);
  // CHECK-MESSAGES: :[[@LINE-3]]:31: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:31: note: flag passed here
}

int positional(const char *p) {
  struct cfg c = {"x", O_RDONLY | AT_EMPTY_PATH, 0};
  c.at_flags |= AT_SYMLINK_NOFOLLOW;
  return open(p, c.open_flags);
  // CHECK-MESSAGES: :[[@LINE-3]]:35: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

int if_else(const char *p, int c) {
  int fl;
  if (c)
    fl = AT_SYMLINK_NOFOLLOW;
  else if (c > 2)
    fl = O_WRONLY;
  else {
    fl = AT_EMPTY_PATH;
  }
  return open(p, O_RDONLY | fl);
  // CHECK-MESSAGES: :[[@LINE-7]]:10: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:29: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-5]]:10: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-4]]:29: note: flag passed here
}

int in_switch(const char *p, int c) {
  int fl = O_RDONLY;
  switch (c) {
  case 0:
  case 1:
    fl = AT_REMOVEDIR;
    break;
  case 2:
    fl = O_WRONLY;
    break;
  default:
    return -1;
  }
  return open(p, fl);
  // CHECK-MESSAGES: :[[@LINE-9]]:10: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

// A switch without default keeps the value before on the other paths; a
// field is followed like a variable.
int field_in_switch(int dfd, const char *p, int c) {
  struct cfg k = {.at_flags = O_NOFOLLOW};
  struct stat st;
  switch (c) {
  case 0:
    k.at_flags = AT_SYMLINK_NOFOLLOW;
    break;
  }
  return fstatat(dfd, p, &st, k.at_flags);
  // CHECK-MESSAGES: :[[@LINE-8]]:31: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:31: note: flag passed here
}

// Through a local pointer to a local struct (`p->f`), used only that way:
// the pointer's fields are the struct's.
int through_pointer(int dfd, const char *p) {
  struct cfg c;
  struct cfg *cp = &c;
  struct stat st;
  cp->at_flags = O_NOFOLLOW;
  return fstatat(dfd, p, &st, cp->at_flags);
  // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:31: note: flag passed here
}

int written_through_pointer(const char *p, int k) {
  struct cfg c = {.open_flags = O_RDONLY};
  struct cfg *cp = &c;
  if (k)
    (cp)->open_flags |= AT_EMPTY_PATH;
  return open(p, c.open_flags);
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

// Nothing below may be reported: the value is right on every path, or the
// place of some write is not certain.
union both {
  int open_flags;
  unsigned at_flags;
};
void fill(struct cfg *c);

int address_taken(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct stat st;
  fill(&c);
  return fstatat(dfd, p, &st, c.at_flags);
}
int cleared(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct stat st;
  memset(&c, 0, sizeof c);
  return fstatat(dfd, p, &st, c.at_flags);
}
int in_loop(const char *p, int n) {
  struct cfg c = {.open_flags = O_RDONLY};
  for (int i = 0; i < n; i++)
    c.open_flags |= AT_SYMLINK_NOFOLLOW;
  return open(p, c.open_flags);
}
int through_union(int dfd, const char *p) {
  union both u;
  struct stat st;
  u.open_flags = O_NOFOLLOW;
  return fstatat(dfd, p, &st, u.at_flags);
}
int overwritten(int dfd, const char *p, struct cfg other) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct stat st;
  c = other;
  return fstatat(dfd, p, &st, c.at_flags);
}
int other_field(const char *p) {
  struct cfg c = {.at_flags = AT_SYMLINK_NOFOLLOW, .open_flags = O_RDONLY};
  struct stat st;
  return open(p, c.open_flags) + fstatat(AT_FDCWD, p, &st, c.at_flags);
}
int fallthrough(const char *p, int k) {
  int fl = O_RDONLY;
  switch (k) {
  case 0:
    fl = AT_SYMLINK_NOFOLLOW;
  case 1:
    fl = O_WRONLY;
    break;
  }
  return open(p, fl);
}
int early_break(const char *p, int k, int x) {
  int fl = O_RDONLY;
  switch (k) {
  case 0:
    if (x)
      break;
    fl = AT_SYMLINK_NOFOLLOW;
    break;
  }
  return open(p, fl);
}
int path_returns(const char *p, int k) {
  int fl = O_RDONLY;
  if (k) {
    fl = AT_SYMLINK_NOFOLLOW;
    return -1;
  } else
    fl = O_WRONLY;
  return open(p, fl);
}
int twice_in_branch(const char *p, int k) {
  int fl = O_RDONLY;
  if (k) {
    fl = AT_SYMLINK_NOFOLLOW;
    fl = O_WRONLY;
  } else
    fl = O_RDWR;
  return open(p, fl);
}
int nested_write(const char *p, int k, int j) {
  int fl = O_RDONLY;
  if (k) {
    if (j)
      fl = AT_SYMLINK_NOFOLLOW;
    fl = O_WRONLY;
  } else
    fl = O_RDWR;
  return open(p, fl);
}
int every_path_overwrites(const char *p, int k) {
  int fl = AT_SYMLINK_NOFOLLOW;
  switch (k) {
  case 0:
    fl = O_RDONLY;
    break;
  default:
    fl = O_WRONLY;
    break;
  }
  return open(p, fl);
}
int mixed_ops(const char *p, int k) {
  int fl = O_RDONLY;
  if (k)
    fl = O_WRONLY;
  else
    fl |= AT_SYMLINK_NOFOLLOW;
  return open(p, fl);
}

// A pointer to a local struct used other than as `p->f`, or a write through
// it that is not certain.
int pointer_passed(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct cfg *cp = &c;
  struct stat st;
  fill(cp);
  return fstatat(dfd, p, &st, cp->at_flags) + fstatat(dfd, p, &st, c.at_flags);
}
int pointer_moved(int dfd, const char *p, struct cfg *other) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct cfg *cp = &c;
  struct stat st;
  cp = other;
  return fstatat(dfd, p, &st, cp->at_flags) + fstatat(dfd, p, &st, c.at_flags);
}
int pointer_copied(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct cfg *cp = &c;
  struct cfg *cq = cp;
  struct stat st;
  fill(cq);
  return fstatat(dfd, p, &st, cp->at_flags) + fstatat(dfd, p, &st, c.at_flags);
}
int pointer_to_pointer(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct cfg *cp = &c;
  struct cfg **pp = &cp;
  struct stat st;
  (*pp)->at_flags = AT_SYMLINK_NOFOLLOW;
  return fstatat(dfd, p, &st, cp->at_flags);
}
void set_int(int *);
int field_address(int dfd, const char *p) {
  struct cfg c = {.at_flags = O_NOFOLLOW};
  struct cfg *cp = &c;
  struct stat st;
  set_int(&cp->at_flags);
  return fstatat(dfd, p, &st, c.at_flags);
}
int pointer_in_loop(const char *p, int n) {
  struct cfg c = {.open_flags = O_RDONLY};
  struct cfg *cp = &c;
  while (n--)
    cp->open_flags |= AT_SYMLINK_NOFOLLOW;
  return open(p, c.open_flags);
}
int pointer_param(int dfd, const char *p, struct cfg *cp) {
  struct stat st;
  cp->at_flags = O_NOFOLLOW;
  fill(cp);
  return fstatat(dfd, p, &st, cp->at_flags);
}
int pointer_right(int dfd, const char *p) {
  struct cfg c;
  struct cfg *cp = &c;
  struct stat st;
  cp->at_flags = AT_SYMLINK_NOFOLLOW;
  cp->open_flags = O_RDONLY | O_NOFOLLOW;
  return fstatat(dfd, p, &st, cp->at_flags) + open(p, c.open_flags);
}
