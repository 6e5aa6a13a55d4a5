// RUN: %check_flagspace %s flagspace-portability %t
// RUN: %check_flagspace -check-suffix=,K54 %s flagspace-portability %t-k54 -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '5.4'}]}"
// flagspace-portability and the code that falls back: a call followed, where
// a test of its outcome leads, by the same call without the flag, or by
// another way the rules name (else=), handles the systems that lack it,
// wherever the test names the errno the fact predicts or tests for any
// failure: errno or the result compared right there, errno kept in a
// variable, errno given to a function of the unit, and in a wrapper, its
// inner call, or its caller. Without such a retry it stays reported.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008U // Linux 6.3: newer than these headers
#endif


// GNU tar's src/extract.c: errno given to the program's own function.
static bool implemented(int err) {
  return !(err == ENOSYS || err == ENOTSUP ||
           (EOPNOTSUPP != ENOTSUP && err == EOPNOTSUPP));
}

int tar_reproducer(const char *f) {
  if (fchmodat(AT_FDCWD, f, 0755, AT_SYMLINK_NOFOLLOW) != 0 && !implemented(errno))
    return fchmodat(AT_FDCWD, f, 0755, 0);
  return 0;
}

// tar's own shape: the flag through two wrappers, errno kept in a variable
// and tested in the outer wrapper, which calls the inner one again with 0.
static int chdir_fd = AT_FDCWD;
static int fd_i_chmod(int fd, char const *file, mode_t mode, int atflag) {
  if (0 <= fd) {
    int result = fchmod(fd, mode);
    if (result == 0 || implemented(errno))
      return result;
  }
  return fchmodat(chdir_fd, file, mode, atflag);
}

static int fd_chmod(int fd, char const *file_name, int mode, int atflag,
                    int typeflag) {
  int chmod_errno = fd_i_chmod(fd, file_name, mode, atflag) == 0 ? 0 : errno;
  if (chmod_errno == EPERM && (mode & S_ISUID))
    chmod_errno = fd_i_chmod(fd, file_name, mode, atflag) == 0 ? 0 : errno;
  if (atflag && typeflag != '2' && !implemented(chmod_errno))
    chmod_errno = fd_i_chmod(fd, file_name, mode, 0) == 0 ? 0 : errno;
  if (chmod_errno) {
    errno = chmod_errno;
    return -1;
  }
  return 0;
}

int tar_extract_dir(const char *file_name, int mode) {
  return fd_chmod(-1, file_name, mode, AT_SYMLINK_NOFOLLOW, '5');
}

// A wrapper that retries itself: the same job without the flag.
static int fd_chmod_plain(int fd, const char *name, int mode, int atflag) {
  int r = fd_i_chmod(fd, name, mode, atflag);
  if (r < 0)
    r = fd_i_chmod(fd, name, mode, atflag);
  return r;
}

int retries_with_the_flag(const char *name) {
  return fd_chmod_plain(-1, name, 0644, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6{{.*}}
}

// The caller tests the wrapper's result and calls it again without it.
static int set_mode(const char *p, int fl) {
  return fchmodat(AT_FDCWD, p, 0644, fl);
}

int caller_falls_back(const char *p) {
  if (set_mode(p, AT_SYMLINK_NOFOLLOW) < 0)
    return set_mode(p, 0);
  return 0;
}

// Any failure, and an early return past the errnos that are not it.
int any_failure(int dfd, const char *p) {
  int r = fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW);
  if (r < 0)
    r = fchmodat(dfd, p, 0600, 0);
  return r;
}

int early_return(int dfd, const char *p) {
  int r = fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW);
  if (r == 0)
    return 0;
  if (errno != EOPNOTSUPP && errno != ENOTSUP)
    return -1;
  return chmod(p, 0600);
}

// errno kept in a variable; systemd's ERRNO_IS_NOT_SUPPORTED (a switch on
// its parameter, IN_SET's shape).
int kept_errno(int dfd, const char *p) {
  int r = fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW);
  int e = errno;
  if (r < 0 && e == ENOTSUP)
    r = fchmodat(dfd, p, 0600, 0);
  return r;
}

static inline bool ERRNO_IS_NOT_SUPPORTED(int r) {
  switch (abs(r)) {
  case EOPNOTSUPP: case ENOTTY: case ENOSYS: case EAFNOSUPPORT:
    return true;
  default:
    return false;
  }
}

int systemd_shape(int dfd, const char *p) {
  if (fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW) < 0) {
    if (!ERRNO_IS_NOT_SUPPORTED(errno))
      return -errno;
    if (fchmodat(dfd, p, 0600, 0) < 0)
      return -errno;
  }
  return 0;
}

// No fallback: nothing after it, another errno, the same flag again, a
// call that is not made where the test leads.
static bool is_perm(int e) { return e == EPERM || e == EACCES; }

int no_fallback(int dfd, const char *p) {
  int r = fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6{{.*}}
  if (r < 0 && is_perm(errno))
    r = fchmodat(dfd, p, 0600, 0);
  r |= fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6{{.*}}
  r |= fchmodat(dfd, p, 0600, 0);
  if (fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6{{.*}}
    r = fchmodat(dfd, p, 0600, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6{{.*}}
  return r;
}

// Calls and flags newer than the minimum kernel (5.4), and their fallbacks.
static bool unsupported(int e) { return e == ENOSYS || e == EINVAL; }

int open_beneath(int dfd, const char *name) {
  struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_BENEATH };
  int fd = syscall(SYS_openat2, dfd, name, &how, sizeof how);
  if (fd < 0) {
    if (!unsupported(errno))
      return -1;
    fd = openat(dfd, name, O_RDONLY);
  }
  return fd;
}

int sealed_memfd(void) {
  int fd = memfd_create("x", MFD_CLOEXEC | MFD_NOEXEC_SEAL);
  if (fd < 0 && unsupported(errno))
    fd = memfd_create("x", MFD_CLOEXEC);
  return fd;
}

int sealed_memfd_again(void) {
  int fd = memfd_create("x", MFD_CLOEXEC | MFD_NOEXEC_SEAL);
  // CHECK-MESSAGES-K54: :[[@LINE-1]]:44: warning: MFD_NOEXEC_SEAL in memfd_create() flags needs Linux 6.3{{.*}}
  if (fd < 0)
    fd = memfd_create("x", MFD_CLOEXEC | MFD_NOEXEC_SEAL);
  // CHECK-MESSAGES-K54: :[[@LINE-1]]:42: warning: MFD_NOEXEC_SEAL in memfd_create() flags needs Linux 6.3{{.*}}
  return fd;
}

int scratch(const char *dir, char *tmpl) {
  int fd = open(dir, O_TMPFILE | O_RDWR, 0600);
  if (fd < 0)
    fd = mkstemp(tmpl);
  return fd;
}

int close_all(void) {
  if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) < 0)
    for (int fd = 3; fd < 1024; fd++)
      fcntl(fd, F_SETFD, FD_CLOEXEC);
  return 0;
}

int close_all_no_fallback(void) {
  if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) < 0)
  // CHECK-MESSAGES-K54: :[[@LINE-1]]:7: warning: close_range() needs Linux 5.9{{.*}}
  // CHECK-MESSAGES-K54: :[[@LINE-2]]:27: warning: CLOSE_RANGE_CLOEXEC in close_range() flags needs Linux 5.11{{.*}}
    perror("close_range");
  return 0;
}
