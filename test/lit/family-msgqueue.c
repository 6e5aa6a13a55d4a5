// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// System V message queues: msgsnd(2) reads IPC_NOWAIT from msgflg, msgrcv(2)
// IPC_NOWAIT, MSG_NOERROR, MSG_EXCEPT and MSG_COPY; both ignore the other
// bits. A socket's MSG_DONTWAIT (0x40) is none of them: the call blocks.
// O_NONBLOCK is IPC_NOWAIT's value on x86-64 only by accident.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/msg.h>
#include <sys/socket.h>

struct m { long type; char text[64]; };

void wrong(int q, struct m *msg) {
  msgsnd(q, msg, sizeof msg->text, MSG_DONTWAIT);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: MSG_DONTWAIT is from the MSG_* namespace, not IPC_*: in msgsnd() msgflg 0x40 matches no IPC_* flag and is ignored; use IPC_NOWAIT [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: msgsnd(q, msg, sizeof msg->text, IPC_NOWAIT);
  msgrcv(q, msg, sizeof msg->text, 0, MSG_NOERROR | MSG_DONTWAIT);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: MSG_DONTWAIT is from the MSG_* namespace, not IPC_* or MSG_NOERROR/MSG_EXCEPT/MSG_COPY: in msgrcv() msgflg 0x40 matches no IPC_* or MSG_NOERROR/MSG_EXCEPT/MSG_COPY flag and is ignored; use IPC_NOWAIT [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: msgrcv(q, msg, sizeof msg->text, 0, MSG_NOERROR | IPC_NOWAIT);
  msgrcv(q, msg, sizeof msg->text, 0, IPC_CREAT);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: IPC_CREAT is not accepted by msgrcv() msgflg: it is ignored; it takes IPC_NOWAIT, MSG_NOERROR, MSG_EXCEPT, MSG_COPY [ignored] [flagspace-unsupported-flag]
  msgsnd(q, msg, sizeof msg->text, MSG_NOERROR);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: MSG_NOERROR is from the MSG_NOERROR/MSG_EXCEPT/MSG_COPY namespace, not IPC_*: in msgsnd() msgflg 0x1000 matches no IPC_* flag and is ignored [ignored] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int q, struct m *msg, int flg) {
  msgsnd(q, msg, sizeof msg->text, 0);
  msgsnd(q, msg, sizeof msg->text, IPC_NOWAIT);
  msgsnd(q, msg, sizeof msg->text, flg);
  msgrcv(q, msg, sizeof msg->text, 0, 0);
  msgrcv(q, msg, sizeof msg->text, 1, IPC_NOWAIT | MSG_NOERROR);
  msgrcv(q, msg, sizeof msg->text, 2, MSG_EXCEPT);
  msgrcv(q, msg, sizeof msg->text, 0, MSG_COPY | IPC_NOWAIT);
}
