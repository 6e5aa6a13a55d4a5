// RUN: %check_flagspace %s flagspace-portability %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '6.14'}]}"
// RUN: %check_flagspace -check-suffix=OLD %s flagspace-portability %t-old -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '2.6.26'}]}"
// flagspace-portability's facts of calls and flags newer than a target
// kernel (since rules in fcntl, fileio, pidfd, mman, random, mount and
// socket.rules, each with its man page or kernel source): with a minimum
// kernel of 6.14 every one is there and nothing is reported; with 2.6.26
// each is reported with the version it needs.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef PIDFD_NONBLOCK
#define PIDFD_NONBLOCK O_NONBLOCK
#endif

int process_fds(pid_t pid, int pidfd) {
  int fd = syscall(SYS_pidfd_open, pid, PIDFD_NONBLOCK);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:12: warning: syscall(SYS_pidfd_open) needs Linux 5.3: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-2]]:41: warning: PIDFD_NONBLOCK in syscall(SYS_pidfd_open) flags needs Linux 5.10: otherwise, the call fails with EINVAL (minimum kernel 2.6.26) [fails] [flagspace-portability]
  fd |= syscall(SYS_pidfd_getfd, pidfd, 3, 0);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:9: warning: syscall(SYS_pidfd_getfd) needs Linux 5.6: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  return fd | syscall(SYS_pidfd_send_signal, pidfd, 15, 0, 0);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:15: warning: syscall(SYS_pidfd_send_signal) needs Linux 5.1: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
}

ssize_t io(int fd, const struct iovec *iov, int in, int out) {
  ssize_t n = preadv2(fd, iov, 1, 0, RWF_NOWAIT);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:38: warning: RWF_NOWAIT in preadv2() flags needs Linux 4.14: otherwise, the call fails with EOPNOTSUPP (minimum kernel 2.6.26) [fails] [flagspace-portability]
  n += pwritev2(fd, iov, 1, -1, RWF_DSYNC | RWF_APPEND);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:33: warning: RWF_DSYNC in pwritev2() flags needs Linux 4.7: otherwise, the call fails with EOPNOTSUPP (minimum kernel 2.6.26) [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-2]]:45: warning: RWF_APPEND in pwritev2() flags needs Linux 4.16: otherwise, the call fails with EOPNOTSUPP (minimum kernel 2.6.26) [fails] [flagspace-portability]
  // glibc's preadv2() falls back to preadv() for flags 0: only the raw
  // call fails.
  n += preadv2(fd, iov, 1, 0, 0);
  n += syscall(SYS_preadv2, fd, iov, 1, 0, 0, 0);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: syscall(SYS_preadv2) needs Linux 4.6: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  return n + copy_file_range(in, 0, out, 0, 4096, 0);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:14: warning: copy_file_range() needs Linux 4.5: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
}

int descriptors(int fd, int p[2], char *buf) {
  int r = memfd_create("x", MFD_CLOEXEC | MFD_HUGETLB);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:11: warning: memfd_create() needs Linux 3.17: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-2]]:43: warning: MFD_HUGETLB in memfd_create() flags needs Linux 4.14: otherwise, the call fails with EINVAL (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= syscall(SYS_memfd_secret, O_CLOEXEC);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: syscall(SYS_memfd_secret) needs Linux 5.14: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= getrandom(buf, 16, GRND_INSECURE);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: getrandom() needs Linux 3.17: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-2]]:27: warning: GRND_INSECURE in getrandom() flags needs Linux 5.6: otherwise, the call fails with EINVAL (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= pipe2(p, O_CLOEXEC | O_DIRECT);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: pipe2() needs Linux 2.6.27: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-2]]:29: warning: O_DIRECT in pipe2() flags needs Linux 3.4: otherwise, the call fails with EINVAL (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= dup3(fd, 10, O_CLOEXEC);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: dup3() needs Linux 2.6.27: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:38: warning: SOCK_CLOEXEC in socket() type needs Linux 2.6.27: otherwise, the call fails with EINVAL (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= accept4(fd, 0, 0, SOCK_NONBLOCK);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: accept4() needs Linux 2.6.28: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  return r;
}

int programs(int dfd, char *const argv[], char *const envp[]) {
  int r = syscall(SYS_execveat, dfd, "", argv, envp, AT_EMPTY_PATH);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:11: warning: syscall(SYS_execveat) needs Linux 3.19: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  r |= syscall(SYS_faccessat2, dfd, "x", R_OK, AT_EACCESS);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:8: warning: syscall(SYS_faccessat2) needs Linux 5.8: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
  return r | syscall(SYS_fsopen, "ext4", 0);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:14: warning: syscall(SYS_fsopen) needs Linux 5.2: otherwise, the call fails with ENOSYS (minimum kernel 2.6.26) [fails] [flagspace-portability]
}
