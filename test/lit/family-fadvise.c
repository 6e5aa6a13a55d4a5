// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// posix_fadvise(2) advice POSIX_FADV_*: values, looked up whole. The madvise
// spellings with the same meaning (NORMAL, RANDOM, SEQUENTIAL, WILLNEED) are
// certain fixes; MADV_DONTNEED is not (it discards memory, the file advice
// drops clean page cache). The result is the error number, not errno.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int fd, off_t len) {
  posix_fadvise(fd, 0, len, MADV_SEQUENTIAL);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: MADV_SEQUENTIAL is from the MADV_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x2 means POSIX_FADV_SEQUENTIAL; use POSIX_FADV_SEQUENTIAL [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: posix_fadvise(fd, 0, len, POSIX_FADV_SEQUENTIAL);
  posix_fadvise(fd, 0, len, POSIX_MADV_WILLNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: POSIX_MADV_WILLNEED is from the POSIX_MADV_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x3 means POSIX_FADV_WILLNEED; use POSIX_FADV_WILLNEED [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: posix_fadvise(fd, 0, len, POSIX_FADV_WILLNEED);
  posix_fadvise(fd, 0, len, MADV_DONTNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: MADV_DONTNEED is from the MADV_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x4 means POSIX_FADV_DONTNEED [misbehaves] [flagspace-wrong-namespace]
  posix_fadvise(fd, 0, len, MADV_FREE);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: MADV_FREE is from the MADV_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x8 matches no POSIX_FADV_* value and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  posix_fadvise(fd, 0, len, O_DIRECT);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_DIRECT is from the O_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x4000 matches no POSIX_FADV_* value and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_fadvise64, fd, 0, len, MADV_RANDOM);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: MADV_RANDOM is from the MADV_* namespace, not POSIX_FADV_*: in syscall(SYS_fadvise64) advice 0x1 means POSIX_FADV_RANDOM; use POSIX_FADV_RANDOM [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_fadvise64, fd, 0, len, POSIX_FADV_RANDOM);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd, off_t len, int advice) {
  posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  posix_fadvise(fd, 0, len, POSIX_FADV_DONTNEED);
  posix_fadvise(fd, 0, len, POSIX_FADV_NOREUSE);
  posix_fadvise(fd, 0, len, advice);
  syscall(SYS_fadvise64, fd, 0, len, POSIX_FADV_WILLNEED);
}
