// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// Constants defined outside the function are followed to the call: a
// file-scope or block-scope const integer whose initializer is a constant
// expression, and an enumerator (named or anonymous enum) the rules do not
// know, by its written value. The warning points where the flag is written,
// a note where the constant is used; no fix-it (the definition may serve
// other uses). What can change is not followed: a global that is not const
// and that another unit may change (follow-static-data.c has the rest).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const int open_flags = O_RDONLY | AT_SYMLINK_NOFOLLOW;
int file_scope(const char *p) {
  return open(p, open_flags);
  // CHECK-MESSAGES: :[[@LINE-3]]:42: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

enum { DIR_FLAGS = O_RDONLY | AT_EMPTY_PATH };
int anonymous_enum(const char *p) {
  return open(p, DIR_FLAGS);
  // CHECK-MESSAGES: :[[@LINE-3]]:31: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

enum remove_mode { REMOVE_TREE = AT_REMOVEDIR, REMOVE_ONE = 0 };
int named_enum(const char *p) {
  return open(p, O_WRONLY | REMOVE_TREE);
  // CHECK-MESSAGES: :[[@LINE-3]]:34: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:29: note: flag passed here
}

int block_scope_static(const char *p) {
  static const int fl = O_RDONLY | AT_SYMLINK_NOFOLLOW;
  return open(p, fl);
  // CHECK-MESSAGES: :[[@LINE-2]]:36: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: flag passed here
}

// Right constants in their own namespace: nothing to report.
static const int stat_flags = AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH;
enum { RIGHT_OPEN = O_RDONLY | O_CLOEXEC | O_NOFOLLOW };
int right(const char *p, struct stat *st) {
  return fstatat(AT_FDCWD, p, st, stat_flags) + open(p, RIGHT_OPEN) +
         open(p, O_RDONLY | REMOVE_ONE);
}

// Not followed: a global anybody may change, a constant without a flag.
int changing_flags = AT_SYMLINK_NOFOLLOW;
static const int plain = 0;
enum implicit { FIRST, SECOND };
int not_followed(const char *p) {
  return open(p, changing_flags) + open(p, plain) + open(p, SECOND);
}
