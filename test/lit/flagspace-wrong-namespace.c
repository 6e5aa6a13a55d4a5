// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// A flag from one namespace where an argument takes another: the bits keep
// their value and mean something else there.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

void open_family(const char *p, int dfd) {
  open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: open(p, O_RDONLY | O_NOFOLLOW);
  openat(dfd, p, O_WRONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in openat() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: openat(dfd, p, O_WRONLY | AT_REMOVEDIR);
  open64(p, O_RDONLY | AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open64() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  open(p, O_RDONLY, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_CLOEXEC is from the O_* namespace, not S_I*: in open() mode 0x80000 matches no S_I* flag and is ignored; it belongs in open() flags [ignored] [flagspace-wrong-namespace]
  open(p, O_WRONLY | O_CREAT | S_IRUSR | S_IWUSR, 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: S_IRUSR is from the S_I* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; it belongs in open() mode [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:42: warning: S_IWUSR is from the S_I* namespace, not O_*: in open() flags 0x80 means O_EXCL; it belongs in open() mode [misbehaves] [flagspace-wrong-namespace]
}

void stat_and_friends(const char *p, int dfd, struct stat *st) {
  fstatat(dfd, p, st, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW);
  access(p, O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: O_WRONLY is from the O_* namespace, not *_OK: in access() mode 0x1 means X_OK; use W_OK [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: access(p, W_OK);
}

void descriptors(int fd) {
  fcntl(fd, F_SETFD, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_SETFD) arg 0x80000 matches no FD_* flag and is ignored; the call replaces the flags with its argument, so it clears FD_CLOEXEC; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: fcntl(fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFL, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_SETFL) arg 0x1 means O_WRONLY and is ignored; the call replaces the flags with its argument, so it clears O_APPEND, O_NONBLOCK, O_ASYNC, O_DIRECT, O_NOATIME [misbehaves] [flagspace-wrong-namespace]
  dup3(fd, 3, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in dup3() flags 0x1 means O_WRONLY and the call fails with EINVAL; use O_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: dup3(fd, 3, O_CLOEXEC);
}

void raw_syscalls(const char *p) {
  syscall(SYS_openat, AT_FDCWD, p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in syscall(SYS_openat) flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_openat, AT_FDCWD, p, O_RDONLY | O_NOFOLLOW);
  syscall(__NR_open, p, O_WRONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in syscall(__NR_open) flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
}

// Flags reached through the user's own macros: the name the user wrote
// inside the macro is what counts, and no fix-it edits a macro body.
#define MYFLAGS (O_RDONLY | AT_EMPTY_PATH)
#define MY_NOFOLLOW AT_SYMLINK_NOFOLLOW
void user_macros(const char *p) {
  open(p, MYFLAGS);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  open(p, O_RDONLY | MY_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: open(p, O_RDONLY | MY_NOFOLLOW);
  TEMP_FAILURE_RETRY(open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW));
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: TEMP_FAILURE_RETRY(open(p, O_RDONLY | O_NOFOLLOW));
}

// Correct, idiomatic code: nothing may be reported below.
#ifndef O_PATH
#define O_PATH 0
#endif
int correct(const char *p, int dfd, int fd, int flags, struct stat *st) {
  int r = 0;
  r |= open(p, 0);
  r |= open(p, flags);
  r |= open(p, flags | O_CLOEXEC);
  r |= open(p, 0x100);
  r |= open(p, O_PATH | O_CLOEXEC);
  r |= openat(AT_FDCWD, p, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  r |= open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  r |= open(p, O_CREAT | O_WRONLY, S_IRUSR | S_IWUSR | S_IRGRP);
  r |= fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
  r |= fstatat(dfd, "", st, flags);
  r |= faccessat(dfd, p, F_OK, AT_EACCESS);
  r |= access(p, R_OK | W_OK);
  r |= unlinkat(dfd, p, AT_REMOVEDIR);
  r |= linkat(AT_FDCWD, p, AT_FDCWD, "b", AT_SYMLINK_FOLLOW);
  r |= fcntl(fd, F_SETFD, FD_CLOEXEC);
  r |= fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
  r |= fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  r |= fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  r |= fcntl(fd, F_DUPFD_CLOEXEC, 3);
  r |= dup3(fd, 3, O_CLOEXEC);
  r |= (int)syscall(SYS_openat, AT_FDCWD, p, O_RDONLY | O_NOFOLLOW);
  r |= TEMP_FAILURE_RETRY(open(p, O_RDONLY | O_CLOEXEC));
  return r;
}
