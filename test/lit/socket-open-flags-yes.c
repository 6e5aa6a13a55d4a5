// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.SocketTakesOpenFlags, value: true}]}"
// flagspace.SocketTakesOpenFlags=true: O_CLOEXEC and O_NONBLOCK given to
// socket(), socketpair() and accept4() are not reported.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void still_wrong(int s) {
  accept4(s, 0, 0, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: FD_CLOEXEC is from the FD_* namespace, not SOCK_* or O_*: in accept4() flags 0x1 means O_WRONLY and the call fails with EINVAL; use O_CLOEXEC; or SOCK_CLOEXEC [fails] [flagspace-wrong-namespace]
}
// Taken with the option: the Linux values are equal.
void accepted(int s, int sv[2]) {
  socket(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0);
  socket(AF_UNIX, SOCK_DGRAM | O_NONBLOCK, 0);
  socketpair(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0, sv);
  accept4(s, 0, 0, O_CLOEXEC | O_NONBLOCK);
  syscall(SYS_accept4, s, 0, 0, O_NONBLOCK);
}
