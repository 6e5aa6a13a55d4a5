// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-unnamed-number %t
// lseek(2) whence: SEEK_SET, SEEK_CUR, SEEK_END, SEEK_DATA, SEEK_HOLE, values
// looked up whole: 3 is SEEK_DATA, not SEEK_CUR|SEEK_END. Any other value
// fails with EINVAL. struct flock's l_whence takes the first three only, and
// so do the stdio streams' fseek(), fseeko() (the C library's EINVAL).
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int fd, FILE *f, int end) {
  lseek(fd, 0, O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_APPEND is from the O_* namespace, not SEEK_*: in lseek() whence 0x400 matches no SEEK_* value and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  lseek(fd, 0, F_GETFL);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: F_GETFL is from the F_* namespace, not SEEK_*: in lseek() whence 0x3 means SEEK_DATA [misbehaves] [flagspace-wrong-namespace]
  lseek(fd, 0, O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_RDWR is from the O_* namespace, not SEEK_*: in lseek() whence 0x2 means SEEK_END [misbehaves] [flagspace-wrong-namespace]
  lseek(fd, 0, FALLOC_FL_PUNCH_HOLE);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: FALLOC_FL_PUNCH_HOLE is from the FALLOC_FL_* namespace, not SEEK_*: in lseek() whence 0x2 means SEEK_END [misbehaves] [flagspace-wrong-namespace]
  struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_HOLE };
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: SEEK_HOLE is not accepted by flock.l_whence: the call fails with EINVAL; it takes SEEK_SET, SEEK_CUR, SEEK_END [fails] [flagspace-unsupported-flag]
  fcntl(fd, F_SETLK, &fl);
  syscall(SYS_lseek, fd, 0, O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_APPEND is from the O_* namespace, not SEEK_*: in syscall(SYS_lseek) whence 0x400 matches no SEEK_* value and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  fseek(f, 0, SEEK_DATA);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: SEEK_DATA is not accepted by fseek() whence: the call fails with EINVAL; it takes SEEK_SET, SEEK_CUR, SEEK_END [fails] [flagspace-unsupported-flag]
  fseeko(f, 0, O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_APPEND is from the O_* namespace, not SEEK_*: in fseeko() whence 0x400 matches no SEEK_* value and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  fseek(f, 0, 5);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 5 in fseek() whence is no SEEK_* value it takes: the call fails with EINVAL; it takes SEEK_SET, SEEK_CUR, SEEK_END [fails] [flagspace-unnamed-number]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd, off_t off, int whence) {
  lseek(fd, 0, SEEK_SET);
  lseek(fd, off, SEEK_DATA);
  lseek(fd, off, SEEK_HOLE);
  lseek(fd, 0, SEEK_END);
  lseek(fd, off, whence);
  struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_CUR };
  fcntl(fd, F_SETLKW, &fl);
  syscall(SYS_lseek, fd, 0, SEEK_CUR);
  lseek(fd, 0, 3);
}
void correct_stream(FILE *f, long off, int whence) {
  fseek(f, 0, SEEK_END);
  fseeko(f, off, SEEK_CUR);
  fseek(f, off, whence);
  fseek(f, 0, 2);
}
