// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// Static data is followed to the call: a table of operations (every entry
// is checked, each finding at its entry with a note at the call), an array
// of flag words, a field of a static struct, and a static global that is
// not const but is never changed in the translation unit. One write
// anywhere, an address taken, the table given to a function, or external
// linkage (another unit may change it) stop that.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

struct op {
  const char *name;
  int flags;
};
static const struct op ops[] = {
    {"read", O_RDONLY | O_CLOEXEC},
    {"nofollow", O_RDONLY | AT_SYMLINK_NOFOLLOW},
    {"write", O_WRONLY},
    {"tree", O_RDONLY | AT_REMOVEDIR},
};
int by_table(const char *p, int i) {
  return open(p, ops[i].flags);
  // CHECK-MESSAGES: :[[@LINE-6]]:29: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-6]]:25: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-4]]:18: note: flag passed here
}

static struct op never_written[] = {{"a", O_RDONLY}, {"b", AT_EMPTY_PATH}};
int by_unchanged_table(const char *p, int i) {
  return open(p, never_written[i].flags);
  // CHECK-MESSAGES: :[[@LINE-3]]:60: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

static int default_flags = O_RDONLY | AT_REMOVEDIR;
int by_global(const char *p) {
  return open(p, default_flags);
  // CHECK-MESSAGES: :[[@LINE-3]]:39: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

static const int modes[] = {O_RDONLY, AT_SYMLINK_NOFOLLOW};
int by_array(const char *p, int i) {
  return open(p, modes[i]);
  // CHECK-MESSAGES: :[[@LINE-3]]:39: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

struct cfg {
  struct {
    int at;
  } inner;
};
static const struct cfg defaults = {.inner.at = O_NOFOLLOW};
int nested(int dfd, const char *p, struct stat *st) {
  return fstatat(dfd, p, st, defaults.inner.at);
  // CHECK-MESSAGES: :[[@LINE-3]]:49: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:30: note: flag passed here
}

int block_static(const char *p) {
  static int fl = O_RDONLY | AT_EMPTY_PATH;
  return open(p, fl);
  // CHECK-MESSAGES: :[[@LINE-2]]:30: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

// Nothing below may be reported: right values, or data that may change.
static const struct op right[] = {{"r", O_RDONLY}, {"w", O_WRONLY | O_CLOEXEC}};
static int written_flags = AT_SYMLINK_NOFOLLOW;
static struct op written_ops[] = {{"a", AT_SYMLINK_NOFOLLOW}};
static int addressed = AT_SYMLINK_NOFOLLOW;
static struct op passed_ops[] = {{"a", AT_SYMLINK_NOFOLLOW}};
static int incremented = AT_SYMLINK_NOFOLLOW;
int global_flags = AT_SYMLINK_NOFOLLOW;
void set_flags(int f) {
  written_flags = f;
  written_ops[0].flags |= f;
  incremented++;
}
void use(int *);
void use_ops(struct op *);
int quiet(const char *p, int i) {
  use(&addressed);
  use_ops(passed_ops);
  int counted = 0;
  while (i--) {
    static int per_loop = AT_SYMLINK_NOFOLLOW;
    per_loop = O_RDONLY;
    counted += open(p, per_loop);
  }
  return open(p, written_flags) + open(p, written_ops[i].flags) +
         open(p, addressed) + open(p, passed_ops[i].flags) +
         open(p, global_flags) + open(p, right[i].flags) +
         open(p, incremented) + counted;
}
