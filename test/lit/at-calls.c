// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-missing-mode %t
// Every *at() call and open variant of the engine's first set, with one
// misuse each and its correct form.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

void misuses(const char *p, int dfd, int fd, struct stat *st, struct statx *stx,
             struct file_handle *fh, int fds[2], char *const argv[]) {
  statx(dfd, p, O_NOFOLLOW, STATX_BASIC_STATS, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in statx() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: statx(dfd, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  fstatat64(dfd, p, (struct stat64 *)st, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: AT_REMOVEDIR is not accepted by fstatat64() flags: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unsupported-flag]
  syscall(SYS_newfstatat, dfd, p, st, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in syscall(SYS_newfstatat) flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_newfstatat, dfd, p, st, AT_SYMLINK_NOFOLLOW);
  // A 0 among the flags adds no bit: it is not AT_STATX_SYNC_AS_STAT, the
  // value the sync-type field has when none of its bits is set.
  fstatat(dfd, p, st, O_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: O_RDONLY is from the O_* namespace, not AT_*: in fstatat() flags 0x0 is 0 and has no effect [ignored] [flagspace-wrong-namespace]
  fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW | O_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: O_RDONLY is from the O_* namespace, not AT_*: in fstatat() flags 0x0 is 0 and has no effect [ignored] [flagspace-wrong-namespace]
  // A 0 that is a value of its own: the whole mode, F_OK.
  euidaccess(p, O_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_RDONLY is from the O_* namespace, not *_OK: in euidaccess() mode 0x0 means F_OK; use R_OK [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: euidaccess(p, R_OK);
  eaccess(p, O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: O_WRONLY is from the O_* namespace, not *_OK: in eaccess() mode 0x1 means X_OK; use W_OK [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: eaccess(p, W_OK);
  fchmodat(dfd, p, 0644, AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: AT_EMPTY_PATH is not accepted by fchmodat() flags: the call fails with EINVAL; it takes AT_SYMLINK_NOFOLLOW [fails] [flagspace-unsupported-flag]
  fchmodat(dfd, p, O_CREAT, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_CREAT is from the O_* namespace, not S_I*: in fchmodat() mode 0x40 means S_IXUSR [misbehaves] [flagspace-wrong-namespace]
  utimensat(dfd, p, NULL, AT_SYMLINK_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: AT_SYMLINK_FOLLOW is not accepted by utimensat() flags: the call fails with EINVAL; it takes AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH [fails] [flagspace-unsupported-flag]
  renameat2(dfd, p, dfd, "b", AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: AT_REMOVEDIR is not accepted by renameat2() flags: the call fails with EINVAL; it takes RENAME_*, AT_RENAME_NOREPLACE, AT_RENAME_EXCHANGE, AT_RENAME_WHITEOUT [fails] [flagspace-unsupported-flag]
  mkdirat(dfd, p, O_DIRECTORY);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_DIRECTORY is from the O_* namespace, not S_I*: in mkdirat() mode 0x10000 matches no S_I* flag and is ignored [ignored] [flagspace-wrong-namespace]
  mknodat(dfd, p, S_IFIFO | O_CREAT, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_CREAT is from the O_* namespace, not S_IF* or S_I*: in mknodat() mode 0x40 means S_IXUSR [misbehaves] [flagspace-wrong-namespace]
  execveat(fd, "", argv, argv, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: AT_REMOVEDIR is not accepted by execveat() flags: the call fails with EINVAL; it takes AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, AT_EXECVE_CHECK [fails] [flagspace-unsupported-flag]
  name_to_handle_at(dfd, p, fh, &fd, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: AT_SYMLINK_NOFOLLOW is not accepted by name_to_handle_at() flags: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_SYMLINK_FOLLOW, AT_HANDLE_FID, AT_HANDLE_MNT_ID_UNIQUE, AT_HANDLE_CONNECTABLE [fails] [flagspace-unsupported-flag]
  open_by_handle_at(dfd, fh, O_RDONLY | AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open_by_handle_at() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  pipe2(fds, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in pipe2() flags 0x1 means O_WRONLY and the call fails with EINVAL; use O_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: pipe2(fds, O_CLOEXEC);
  creat(p, O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: O_WRONLY is from the O_* namespace, not S_I*: in creat() mode 0x1 means S_IXOTH [misbehaves] [flagspace-wrong-namespace]
  openat64(dfd, p, O_CREAT | O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_CREAT in openat64() flags needs a mode argument: without it openat64() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  fcntl(fd, F_DUPFD_CLOEXEC, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_CLOEXEC is a flag, but fcntl(F_DUPFD_CLOEXEC) arg is not a flag argument: 0x80000 is used as a number [misbehaves] [flagspace-wrong-namespace]
}

// Correct code: nothing may be reported below.
int correct(const char *p, int dfd, int fd, struct stat *st, struct statx *stx,
            struct file_handle *fh, int fds[2], char *const argv[], int mount_id) {
  int r = 0;
  r |= statx(dfd, p, AT_SYMLINK_NOFOLLOW | AT_STATX_DONT_SYNC, STATX_BASIC_STATS | STATX_BTIME, stx);
  r |= fstatat64(dfd, p, (struct stat64 *)st, AT_SYMLINK_NOFOLLOW);
  r |= (int)syscall(SYS_newfstatat, dfd, p, st, AT_EMPTY_PATH);
  r |= euidaccess(p, R_OK | W_OK);
  r |= eaccess(p, X_OK);
  r |= fchmodat(dfd, p, S_IRUSR | S_IWUSR, AT_SYMLINK_NOFOLLOW);
  r |= utimensat(dfd, p, NULL, AT_SYMLINK_NOFOLLOW);
  r |= renameat2(dfd, p, dfd, "b", RENAME_NOREPLACE);
  r |= mkdirat(dfd, p, S_IRWXU);
  r |= mknodat(dfd, p, S_IFIFO | 0600, 0);
  r |= execveat(fd, "", argv, argv, AT_EMPTY_PATH);
  r |= name_to_handle_at(dfd, p, fh, &mount_id, AT_SYMLINK_FOLLOW | AT_EMPTY_PATH);
  r |= open_by_handle_at(dfd, fh, O_RDONLY | O_CLOEXEC | O_PATH);
  r |= pipe2(fds, O_CLOEXEC | O_DIRECT);
  r |= creat(p, S_IRUSR | S_IWUSR);
  r |= openat64(dfd, p, O_CREAT | O_RDWR, 0600);
  r |= fcntl(fd, F_DUPFD_CLOEXEC, 10);
  return r;
}
