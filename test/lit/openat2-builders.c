// RUN: %check_flagspace %s flagspace-wrong-field,flagspace-missing-mode %t
// RUN: %check_flagspace %s flagspace-wrong-field,flagspace-missing-mode %t -- -- -x c++ -std=gnu++17
// openat2 builder helpers (issue 23 item 7): a function that writes its
// parameters into the fields of a struct open_how is checked at each call
// as if the arguments were written there: RESOLVE_* given where the flags
// go and the reverse. One that zeroes the struct first (memset, or `=
// {0}`) and then writes each field once, not under a condition, fills it
// whole: a field it leaves 0 counts, so O_CREAT without a mode (the file
// is created with mode 0) and a mode without O_CREAT or O_TMPFILE
// (EINVAL) are reported at the call.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void make_how(struct open_how *how, unsigned long long flags,
                     unsigned long long mode, unsigned long long resolve) {
  memset(how, 0, sizeof *how);
  how->flags = flags;
  how->mode = mode;
  how->resolve = resolve;
}
static void make_flags(struct open_how *how, unsigned long long flags,
                       unsigned long long resolve) {
  memset(how, 0, sizeof *how);
  how->flags = flags;
  how->resolve = resolve;
}
static int open_beneath(int dfd, const char *p, unsigned long long flags,
                        unsigned long long resolve) {
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = flags | O_CLOEXEC;
  how.resolve = resolve;
  return syscall(SYS_openat2, dfd, p, &how, sizeof how);
}
static int open_mode(int dfd, const char *p, unsigned long long flags,
                     unsigned long long mode) {
  struct open_how how = {0};
  how.flags = flags;
  how.mode = mode;
  return syscall(SYS_openat2, dfd, p, &how, sizeof how);
}

int wrong(int dfd, const char *p) {
  struct open_how how;
  make_how(&how, RESOLVE_BENEATH, 0, O_RDONLY);
  int fd = syscall(SYS_openat2, dfd, p, &how, sizeof how);
  make_flags(&how, O_WRONLY | O_CREAT, RESOLVE_BENEATH);
  fd += syscall(SYS_openat2, dfd, p, &how, sizeof how);
  fd += open_beneath(dfd, p, RESOLVE_NO_SYMLINKS, O_RDONLY);
  fd += open_mode(dfd, p, O_RDONLY, 0644);
  return fd + open_mode(dfd, p, O_RDWR | O_CREAT, 0);
  // CHECK-MESSAGES: :49:18: warning: RESOLVE_BENEATH belongs in open_how.resolve, not open_how.flags: here 0x8 matches no O_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  // CHECK-MESSAGES: :21:16: note: flag passed here
  // CHECK-MESSAGES: :49:38: warning: O_RDONLY belongs in open_how.flags, not open_how.resolve: here 0x0 is 0 and has no effect [ignored] [flagspace-wrong-field]
  // CHECK-MESSAGES: :23:18: note: flag passed here
  // CHECK-MESSAGES: :51:31: warning: O_CREAT in open_how.flags needs open_how.mode: without it the file is created with mode 0 [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :28:16: note: flag passed here
  // CHECK-MESSAGES: :53:30: warning: RESOLVE_NO_SYMLINKS belongs in open_how.resolve, not open_how.flags: here 0x4 matches no O_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  // CHECK-MESSAGES: :35:15: note: flag passed here
  // CHECK-MESSAGES: :53:51: warning: O_RDONLY belongs in open_how.flags, not open_how.resolve: here 0x0 is 0 and has no effect [ignored] [flagspace-wrong-field]
  // CHECK-MESSAGES: :36:17: note: flag passed here
  // CHECK-MESSAGES: :54:37: warning: open_how.mode is set but open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects it with EINVAL [fails] [flagspace-missing-mode]
  // CHECK-MESSAGES: :55:42: warning: O_CREAT in open_how.flags needs open_how.mode: without it the file is created with mode 0 [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :42:15: note: flag passed here
}

// Nothing below may be reported: the arguments in their places, and a
// mode written on some paths only (not filled whole: each field alone).
static void maybe_mode(struct open_how *how, unsigned long long flags,
                       unsigned long long mode) {
  memset(how, 0, sizeof *how);
  how->flags = flags;
  if (flags & (O_CREAT | O_TMPFILE))
    how->mode = mode;
}
int right(int dfd, const char *p, unsigned long long flags) {
  struct open_how how;
  make_how(&how, O_RDONLY, 0, RESOLVE_BENEATH);
  int fd = syscall(SYS_openat2, dfd, p, &how, sizeof how);
  make_flags(&how, O_RDONLY | O_DIRECTORY, RESOLVE_IN_ROOT);
  fd += syscall(SYS_openat2, dfd, p, &how, sizeof how);
  maybe_mode(&how, O_WRONLY | O_CREAT, 0600);
  fd += syscall(SYS_openat2, dfd, p, &how, sizeof how);
  fd += open_beneath(dfd, p, O_RDONLY, RESOLVE_NO_SYMLINKS);
  fd += open_beneath(dfd, p, flags, RESOLVE_BENEATH);
  fd += open_mode(dfd, p, O_WRONLY | O_CREAT | O_EXCL, 0600);
  return fd + open_mode(dfd, p, O_RDONLY, 0);
}
