// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-missing-mode %t
// POSIX IPC objects and pseudoterminals opened with open(2)'s O_ flags:
// shm_open(3), mq_open(3), sem_open(3), posix_openpt(3). SysV's IPC_CREAT
// (01000) is O_TRUNC's value: it truncates the object instead of creating it.
// glibc passes shm_open's and posix_openpt's flags on to open(), so O_CLOEXEC
// there works; sem_open() looks at O_CREAT and O_EXCL only.
#define _GNU_SOURCE
#include <fcntl.h>
#include <mqueue.h>
#include <semaphore.h>
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/stat.h>

void wrong(void) {
  shm_open("/x", O_RDWR | IPC_CREAT, 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: IPC_CREAT is from the IPC_* namespace, not O_*: in shm_open() oflag 0x200 means O_TRUNC; use O_CREAT [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: shm_open("/x", O_RDWR | O_CREAT, 0600);
  shm_open("/x", O_RDWR | O_CREAT, O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: O_EXCL is from the O_* namespace, not S_I*: in shm_open() mode 0x80 means S_IWUSR; it belongs in shm_open() oflag [misbehaves] [flagspace-wrong-namespace]
  mq_open("/q", O_RDONLY | IPC_CREAT | IPC_EXCL, 0600, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: IPC_CREAT is from the IPC_* namespace, not O_*: in mq_open() oflag 0x200 means O_TRUNC and is ignored; use O_CREAT [ignored] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:40: warning: IPC_EXCL is from the IPC_* namespace, not O_*: in mq_open() oflag 0x400 means O_APPEND and is ignored; it would work by accident on mips64; use O_EXCL [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: mq_open("/q", O_RDONLY | O_CREAT | O_EXCL, 0600, NULL);
  mq_open("/q", O_WRONLY | O_CREAT);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_CREAT in mq_open() oflag needs a mode argument: without it mq_open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  sem_open("/s", O_CREAT | O_RDWR, 0600, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_RDWR is not accepted by sem_open() oflag: it is ignored; it takes O_CREAT, O_EXCL [ignored] [flagspace-unsupported-flag]
  sem_open("/s", IPC_CREAT, 0600, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: IPC_CREAT is from the IPC_* namespace, not O_*: in sem_open() oflag 0x200 means O_TRUNC and is ignored; use O_CREAT [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: sem_open("/s", O_CREAT, 0600, 1);
  posix_openpt(O_RDWR | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in posix_openpt() flags 0x1 means O_WRONLY; use O_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: posix_openpt(O_RDWR | O_CLOEXEC);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int flags) {
  shm_open("/x", O_RDWR | O_CREAT | O_EXCL, 0600);
  shm_open("/x", O_RDONLY, 0);
  mq_open("/q", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  mq_open("/q", O_WRONLY | O_CREAT, S_IRUSR | S_IWUSR, NULL);
  sem_open("/s", 0);
  sem_open("/s", O_CREAT | O_EXCL, 0600, 1);
  posix_openpt(O_RDWR | O_NOCTTY);
  posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  posix_openpt(flags);
}
