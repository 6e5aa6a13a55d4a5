// RUN: %check_flagspace %s flagspace-* %t
// Every finding ends with its consequence, before the check's name: one of
// each class, reported as a warning by default (flagspace.Consequences is
// "all", flagspace.ConsequencesAsErrors is empty).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>

void one_of_each(int fd, const char *p, struct stat *st) {
  fstatat(fd, p, st, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: fstatat(fd, p, st, AT_SYMLINK_NOFOLLOW);
  open(p, O_RDONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_SETFL, O_NONBLOCK | O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_RDWR is not accepted by fcntl(F_SETFL) arg: it is ignored; it takes O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME, O_NONBLOCK [ignored] [flagspace-unsupported-flag]
  socket(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: O_CLOEXEC is from the O_* namespace, not SOCK_*: in socket() type 0x80000 means SOCK_CLOEXEC; use SOCK_CLOEXEC [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  open(p, O_RDONLY | O_NDELAY);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_NDELAY is deprecated; use O_NONBLOCK (System V spelling; the same flag on Linux) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: open(p, O_RDONLY | O_NONBLOCK);
}

// Correct code: nothing is reported.
void correct(int fd, const char *p, struct stat *st) {
  fstatat(fd, p, st, AT_SYMLINK_NOFOLLOW);
  fcntl(fd, F_SETFL, O_NONBLOCK);
  socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
}
