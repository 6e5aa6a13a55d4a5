// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-wrong-field %t
// Three lock APIs with colliding values: flock (LOCK_), lockf (F_LOCK...)
// and struct flock.l_type (F_RDLCK...). `l_type = LOCK_EX` (2) is F_UNLCK:
// it unlocks.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

void wrong(int fd) {
  flock(fd, F_WRLCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: F_WRLCK is from the F_* namespace, not LOCK_*: in flock() operation 0x1 means LOCK_SH; use LOCK_EX [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: flock(fd, LOCK_EX);
  flock(fd, F_LOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: F_LOCK is from the F_* namespace, not LOCK_*: in flock() operation 0x1 means LOCK_SH [misbehaves] [flagspace-wrong-namespace]
  lockf(fd, LOCK_EX, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: LOCK_EX is from the LOCK_* namespace, not F_*: in lockf() cmd 0x2 means F_TLOCK; use F_LOCK [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: lockf(fd, F_LOCK, 0);
  struct flock fl = { .l_type = LOCK_EX, .l_whence = SEEK_SET };
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: LOCK_EX is from the LOCK_* namespace, not F_*: in flock.l_type 0x2 means F_UNLCK; use F_WRLCK [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
  fl.l_type = LOCK_UN;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: LOCK_UN is from the LOCK_* namespace, not F_*: in flock.l_type 0x8 matches no F_* value and the call fails with EINVAL; use F_UNLCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: fl.l_type = F_UNLCK;
  fcntl(fd, F_SETLK, &fl);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd) {
  flock(fd, LOCK_EX | LOCK_NB);
  flock(fd, LOCK_UN);
  lockf(fd, F_TLOCK, 0);
  struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
  fl.l_type = F_UNLCK;
  fcntl(fd, F_SETLKW, &fl);
}
