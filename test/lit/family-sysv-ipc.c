// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// System V IPC: shmget/semget/msgget take IPC_CREAT and IPC_EXCL with the
// permission bits; O_CREAT (0100) there is S_IXUSR and creates nothing.
// shmat takes SHM_ flags (O_RDONLY is 0: the attach is read-write).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>

void wrong(key_t key, size_t size, int id) {
  shmget(key, size, O_CREAT | 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_CREAT is from the O_* namespace, not IPC_* or SHM_HUGETLB/SHM_NORESERVE or S_I*: in shmget() shmflg 0x40 means S_IXUSR; use IPC_CREAT [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: shmget(key, size, IPC_CREAT | 0600);
  shmget(key, size, IPC_CREAT | O_EXCL | 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: O_EXCL is from the O_* namespace, not IPC_* or SHM_HUGETLB/SHM_NORESERVE or S_I*: in shmget() shmflg 0x80 means S_IWUSR; it would work by accident on mips64; use IPC_EXCL [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: shmget(key, size, IPC_CREAT | IPC_EXCL | 0600);
  semget(key, 1, O_CREAT | O_EXCL | 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: O_CREAT is from the O_* namespace, not IPC_* or S_I*: in semget() semflg 0x40 means S_IXUSR; use IPC_CREAT [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:28: warning: O_EXCL is from the O_* namespace, not IPC_* or S_I*: in semget() semflg 0x80 means S_IWUSR; it would work by accident on mips64; use IPC_EXCL [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: semget(key, 1, IPC_CREAT | IPC_EXCL | 0600);
  msgget(key, O_CREAT | 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: O_CREAT is from the O_* namespace, not IPC_* or S_I*: in msgget() msgflg 0x40 means S_IXUSR; use IPC_CREAT [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: msgget(key, IPC_CREAT | 0600);
  shmat(id, 0, O_RDONLY | SHM_HUGETLB);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_RDONLY is from the O_* namespace, not SHM_RDONLY/SHM_RND/SHM_REMAP/SHM_EXEC: in shmat() shmflg 0x0 is 0 and has no effect; use SHM_RDONLY [ignored] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:27: warning: SHM_HUGETLB is from the SHM_HUGETLB/SHM_NORESERVE namespace, not SHM_RDONLY/SHM_RND/SHM_REMAP/SHM_EXEC: in shmat() shmflg 0x800 matches no SHM_RDONLY/SHM_RND/SHM_REMAP/SHM_EXEC flag and is ignored [ignored] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(key_t key, size_t size, int id) {
  shmget(key, size, IPC_CREAT | IPC_EXCL | 0600);
  shmget(key, size, IPC_CREAT | SHM_HUGETLB | S_IRUSR | S_IWUSR);
  semget(key, 1, IPC_CREAT | 0666);
  msgget(IPC_PRIVATE, IPC_CREAT | 0600);
  shmat(id, 0, SHM_RDONLY);
  shmat(id, 0, 0);
}
