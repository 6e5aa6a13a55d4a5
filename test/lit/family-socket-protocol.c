// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// socket(2) and socketpair(2) take their SOCK_ flags in type, or'ed with the
// type value; the protocol is a number (0, IPPROTO_TCP). SOCK_CLOEXEC
// written as the protocol is no protocol: the call fails (EPROTONOSUPPORT or
// EINVAL) and no descriptor is made close-on-exec.
#define _GNU_SOURCE
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int sv[2]) {
  socket(AF_INET, SOCK_STREAM, SOCK_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: SOCK_NONBLOCK is a flag, but socket() protocol is not a flag argument: 0x800 is used as a number [misbehaves] [flagspace-wrong-namespace]
  socketpair(AF_UNIX, SOCK_STREAM, SOCK_CLOEXEC, sv);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: SOCK_CLOEXEC is a flag, but socketpair() protocol is not a flag argument: 0x80000 is used as a number [misbehaves] [flagspace-wrong-namespace]
  socket(AF_UNIX, SOCK_DGRAM, SOCK_DGRAM);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: SOCK_DGRAM is a flag, but socket() protocol is not a flag argument: 0x2 is used as a number [misbehaves] [flagspace-wrong-namespace]
  syscall(SYS_socket, AF_INET, SOCK_DGRAM, SOCK_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: SOCK_CLOEXEC is a flag, but syscall(SYS_socket) protocol is not a flag argument: 0x80000 is used as a number [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int sv[2], int proto) {
  socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
  socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDP);
  socket(AF_INET, SOCK_RAW, proto);
  socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv);
  syscall(SYS_socket, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
}
