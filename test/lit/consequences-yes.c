// RUN: %check_flagspace --expect-failure %s flagspace-* %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.Consequences, value: 'fails, misbehaves,ignored'}, {key: flagspace.ConsequencesAsErrors, value: 'fails,misbehaves'}]}"
// RUN: env FLAGSPACE_ALL_CONSEQUENCES=1 %check_flagspace -check-suffix=ALL %s flagspace-* %t-all -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.Consequences, value: none}, {key: flagspace.ConsequencesAsErrors, value: all}]}"
// flagspace.Consequences lists what is reported: same-value and deprecated
// findings are left out. flagspace.ConsequencesAsErrors lists what is
// reported as an error: clang-tidy then exits with 1 (and, without
// -fix-errors, applies no fix). The audit sets
// $FLAGSPACE_ALL_CONSEQUENCES: every finding, as a warning, whatever the
// options say.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>

void one_of_each(int fd, const char *p, struct stat *st) {
  fstatat(fd, p, st, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:22: warning: O_NOFOLLOW {{.*}} [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES-ALL: fstatat(fd, p, st, AT_SYMLINK_NOFOLLOW);
  open(p, O_RDONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:22: warning: AT_REMOVEDIR {{.*}} [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_SETFL, O_NONBLOCK | O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_RDWR is not accepted by fcntl(F_SETFL) arg: it is ignored; it takes O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME, O_NONBLOCK [ignored] [flagspace-unsupported-flag]
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:35: warning: O_RDWR {{.*}} [ignored] [flagspace-unsupported-flag]
  socket(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:33: warning: O_CLOEXEC {{.*}} [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES-ALL: socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  open(p, O_RDONLY | O_NDELAY);
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:22: warning: O_NDELAY {{.*}} [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES-ALL: open(p, O_RDONLY | O_NONBLOCK);
}
