// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// fcntl(F_DUPFD) and fcntl(F_DUPFD_CLOEXEC) take the lowest descriptor
// number the copy may get, not flags: FD_CLOEXEC there asks for a copy at 1
// or above, and the copy is not close-on-exec.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int fd) {
  fcntl(fd, F_DUPFD, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: FD_CLOEXEC is a flag, but fcntl(F_DUPFD) arg is not a flag argument: 0x1 is used as a number [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_DUPFD_CLOEXEC, O_CLOEXEC | 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_CLOEXEC is a flag, but fcntl(F_DUPFD_CLOEXEC) arg is not a flag argument: 0x80000 is used as a number [misbehaves] [flagspace-wrong-namespace]
  syscall(SYS_fcntl, fd, F_DUPFD, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_CLOEXEC is a flag, but syscall(SYS_fcntl, F_DUPFD) arg is not a flag argument: 0x80000 is used as a number [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd, int lowest) {
  fcntl(fd, F_DUPFD, 0);
  fcntl(fd, F_DUPFD_CLOEXEC, 3);
  fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  fcntl(fd, F_DUPFD, lowest);
  syscall(SYS_fcntl, fd, F_DUPFD_CLOEXEC, 3);
}
