// RUN: %check_flagspace %s flagspace-portability %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '3.10'}]}"
// flagspace-portability where the C library stands in for a system call
// the kernel lacks (`since ... via=`): on Linux 3.10 glibc's statx() falls
// back to fstatat() and its renameat2() calls renameat() for flags 0, so
// only the raw syscall() fails with ENOSYS, and glibc's renameat2() fails
// with EINVAL for a flag.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int stat_it(int dfd, const char *name, struct statx *stx) {
  int ok = statx(dfd, name, 0, STATX_BASIC_STATS, stx);
  return ok | syscall(SYS_statx, dfd, name, 0, STATX_BASIC_STATS, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: syscall(SYS_statx) needs Linux 4.11: otherwise, the call fails with ENOSYS (minimum kernel 3.10) [fails] [flagspace-portability]
}

int move(int dfd, const char *from, const char *to) {
  int ok = renameat2(dfd, from, dfd, to, 0);
  ok |= renameat2(dfd, from, dfd, to, RENAME_NOREPLACE);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: RENAME_NOREPLACE in renameat2() flags needs Linux 3.15: otherwise, there is no renameat2 system call and glibc's renameat2() fails with EINVAL for any flag (minimum kernel 3.10) [fails] [flagspace-portability]
  return ok | syscall(SYS_renameat2, dfd, from, dfd, to, RENAME_NOREPLACE);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: syscall(SYS_renameat2) needs Linux 3.15: otherwise, the call fails with ENOSYS (minimum kernel 3.10) [fails] [flagspace-portability]
}
