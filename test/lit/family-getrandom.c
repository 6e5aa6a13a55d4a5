// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// getrandom(2) takes GRND_NONBLOCK, GRND_RANDOM and GRND_INSECURE; any other
// bit makes it fail with EINVAL, so O_NONBLOCK gets no random bytes at all.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(char *buf, size_t n) {
  getrandom(buf, n, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_NONBLOCK is from the O_* namespace, not GRND_*: in getrandom() flags 0x800 matches no GRND_* flag and the call fails with EINVAL; use GRND_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: getrandom(buf, n, GRND_NONBLOCK);
  getrandom(buf, n, GRND_RANDOM | SOCK_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: SOCK_NONBLOCK is from the SOCK_* namespace, not GRND_*: in getrandom() flags 0x800 matches no GRND_* flag and the call fails with EINVAL; use GRND_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: getrandom(buf, n, GRND_RANDOM | GRND_NONBLOCK);
  syscall(SYS_getrandom, buf, n, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: O_CLOEXEC is from the O_* namespace, not GRND_*: in syscall(SYS_getrandom) flags 0x80000 matches no GRND_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(char *buf, size_t n, unsigned flags) {
  getrandom(buf, n, 0);
  getrandom(buf, n, GRND_NONBLOCK);
  getrandom(buf, n, GRND_INSECURE);
  getrandom(buf, n, GRND_RANDOM | GRND_NONBLOCK);
  getrandom(buf, n, flags);
  syscall(SYS_getrandom, buf, n, GRND_NONBLOCK);
}
