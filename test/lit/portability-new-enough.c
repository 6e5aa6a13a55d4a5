// RUN: %check_flagspace %s flagspace-portability %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '6.6'}]}"
// flagspace-portability with glibc 2.39 (the value this test gives
// __GLIBC_MINOR__) and flagspace.MinimumKernel 6.6: glibc calls fchmodat2,
// which every kernel the program runs on has, and the calls of
// flagspace-portability.c and portability-faccessat.c are older than the
// kernel: nothing is reported.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#undef __GLIBC_MINOR__
#define __GLIBC_MINOR__ 39

void set_mode(int dfd, const char *name) {
  fchmodat(dfd, name, 0644, AT_SYMLINK_NOFOLLOW);
  lchmod(name, 0644);
}

int check(int dfd, const char *name, int fd) {
  return faccessat(dfd, name, W_OK, AT_SYMLINK_NOFOLLOW) |
         faccessat(fd, "", R_OK, AT_EMPTY_PATH);
}

int scratch(const char *dir) {
  return open(dir, O_TMPFILE | O_RDWR, 0600);
}

int open_beneath(int dfd, const char *name) {
  struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_BENEATH };
  int fd = syscall(SYS_openat2, dfd, name, &how, sizeof how);
  close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  return fd;
}
