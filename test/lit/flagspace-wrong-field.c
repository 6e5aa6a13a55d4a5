// RUN: %check_flagspace %s flagspace-wrong-field %t
// openat2() takes its flags in three fields of struct open_how; a flag in the
// field next door keeps its bits and means something else there.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>

struct open_how designated = { .flags = O_RDONLY | RESOLVE_BENEATH };
// CHECK-MESSAGES: :[[@LINE-1]]:52: warning: RESOLVE_BENEATH belongs in open_how.resolve, not open_how.flags: here 0x8 matches no O_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
struct open_how positional = { RESOLVE_NO_XDEV, 0, 0 };
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: RESOLVE_NO_XDEV belongs in open_how.resolve, not open_how.flags: here 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-field]
struct open_how in_resolve = { .flags = O_RDONLY, .resolve = RESOLVE_IN_ROOT | O_NOFOLLOW };
// CHECK-MESSAGES: :[[@LINE-1]]:80: warning: O_NOFOLLOW belongs in open_how.flags, not open_how.resolve: here 0x20000 matches no RESOLVE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]

void assignments(struct open_how *hp) {
  struct open_how how = { 0 };
  how.resolve = O_NOFOLLOW;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_NOFOLLOW belongs in open_how.flags, not open_how.resolve: here 0x20000 matches no RESOLVE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  how.resolve |= O_PATH;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: O_PATH belongs in open_how.flags, not open_how.resolve: here 0x200000 matches no RESOLVE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  hp->flags = O_RDONLY | RESOLVE_IN_ROOT;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: RESOLVE_IN_ROOT belongs in open_how.resolve, not open_how.flags: here 0x10 matches no O_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  hp->mode = O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: O_CLOEXEC belongs in open_how.flags, not open_how.mode: here 0x80000 matches no S_I* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
}

// Correct code: nothing may be reported below.
void correct(struct open_how *hp, unsigned long long extra) {
  struct open_how a = { .flags = O_RDONLY | O_CLOEXEC, .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS };
  struct open_how b = { O_WRONLY | O_CREAT, 0600, RESOLVE_IN_ROOT };
  struct open_how c = { 0 };
  c.flags = O_PATH | O_NOFOLLOW;
  c.resolve |= RESOLVE_NO_XDEV;
  c.resolve &= ~RESOLVE_NO_SYMLINKS;
  c.flags |= extra;
  hp->resolve = RESOLVE_CACHED;
  hp->mode = 0644;
  (void)a; (void)b;
}
