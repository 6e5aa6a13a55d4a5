// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// Sockets: socket()/socketpair() type (SOCK_ type and flags), accept4()
// flags (SOCK_), send/recv flags (MSG_). O_CLOEXEC and O_NONBLOCK have the
// SOCK_ values on Linux but not on the BSDs: reported by default
// (socket-open-flags-yes.c has the option that allows them).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int s, void *buf, size_t n, struct msghdr *mh) {
  socket(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: O_CLOEXEC is from the O_* namespace, not SOCK_*: in socket() type 0x80000 means SOCK_CLOEXEC; use SOCK_CLOEXEC [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  socket(AF_UNIX, SOCK_DGRAM | O_NONBLOCK, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: O_NONBLOCK is from the O_* namespace, not SOCK_*: in socket() type 0x800 means SOCK_NONBLOCK; use SOCK_NONBLOCK [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0);
  accept4(s, 0, 0, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_CLOEXEC is from the O_* namespace, not SOCK_*: in accept4() flags 0x80000 means SOCK_CLOEXEC; use SOCK_CLOEXEC [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: accept4(s, 0, 0, SOCK_CLOEXEC);
  accept4(s, 0, 0, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: FD_CLOEXEC is from the FD_* namespace, not SOCK_*: in accept4() flags 0x1 matches no SOCK_* flag and the call fails with EINVAL; use SOCK_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: accept4(s, 0, 0, SOCK_CLOEXEC);
  send(s, buf, n, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_NONBLOCK is from the O_* namespace, not MSG_*: in send() flags 0x800 means MSG_CONFIRM; use MSG_DONTWAIT [misbehaves] [flagspace-wrong-namespace]
  recvmsg(s, mh, SOCK_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: SOCK_CLOEXEC is from the SOCK_* namespace, not MSG_*: in recvmsg() flags 0x80000 matches no MSG_* flag and is ignored; use MSG_CMSG_CLOEXEC [ignored] [flagspace-wrong-namespace]
  syscall(SYS_accept4, s, 0, 0, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: O_NONBLOCK is from the O_* namespace, not SOCK_*: in syscall(SYS_accept4) flags 0x800 means SOCK_NONBLOCK; use SOCK_NONBLOCK [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_accept4, s, 0, 0, SOCK_NONBLOCK);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int s, void *buf, size_t n, struct msghdr *mh, int sv[2]) {
  socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv);
  accept4(s, 0, 0, SOCK_CLOEXEC | SOCK_NONBLOCK);
  send(s, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT);
  recvmsg(s, mh, MSG_CMSG_CLOEXEC);
}
