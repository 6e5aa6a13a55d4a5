// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// Arguments that must be 0 (the rules' accepted form `0`): reserved flags
// arguments that fail with EINVAL for any bit (pkey_alloc, pidfd_getfd,
// io_uring_prep_socket's flags), and arguments the raw system call does not
// have at all, so a flag there is never read: the fourth argument of
// syscall(SYS_faccessat) and syscall(SYS_fchmodat) (faccessat2 and fchmodat2
// are the system calls with flags), the second of syscall(SYS_eventfd).
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(struct io_uring_sqe *sqe, const char *p) {
  pkey_alloc(PKEY_DISABLE_WRITE, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: PKEY_DISABLE_WRITE is a flag, but pkey_alloc() flags must be 0: 0x2 there makes the call fail with EINVAL; it belongs in pkey_alloc() access_rights [fails] [flagspace-unsupported-flag]
  io_uring_prep_socket(sqe, AF_INET, SOCK_STREAM, 0, SOCK_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: SOCK_CLOEXEC is a flag, but io_uring_prep_socket() flags must be 0: 0x80000 there makes the call fail with EINVAL; it belongs in io_uring_prep_socket() type [fails] [flagspace-unsupported-flag]
  syscall(SYS_faccessat, AT_FDCWD, p, R_OK, AT_EACCESS);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: AT_EACCESS is a flag, but syscall(SYS_faccessat) flags is an argument the call does not read: 0x200 there is never read [ignored] [flagspace-unsupported-flag]
  syscall(SYS_fchmodat, AT_FDCWD, p, 0644, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: AT_SYMLINK_NOFOLLOW is a flag, but syscall(SYS_fchmodat) flags is an argument the call does not read: 0x100 there is never read [ignored] [flagspace-unsupported-flag]
  syscall(SYS_eventfd, 0, EFD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: EFD_CLOEXEC is a flag, but syscall(SYS_eventfd) flags is an argument the call does not read: 0x80000 there is never read [ignored] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(struct io_uring_sqe *sqe, const char *p) {
  pkey_alloc(0, PKEY_DISABLE_WRITE);
  io_uring_prep_socket(sqe, AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0, 0);
  syscall(SYS_faccessat, AT_FDCWD, p, R_OK);
  syscall(SYS_faccessat2, AT_FDCWD, p, R_OK, AT_EACCESS);
  syscall(SYS_fchmodat, AT_FDCWD, p, 0644);
  syscall(SYS_eventfd2, 0, EFD_CLOEXEC);
}
