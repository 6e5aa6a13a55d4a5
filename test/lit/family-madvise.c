// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-invalid-combination %t
// madvise(2) advice MADV_*, posix_madvise(3) advice POSIX_MADV_*: values, not
// bits, looked up whole in messages. POSIX_MADV_DONTNEED is a no-op in glibc
// while MADV_DONTNEED discards pages: those two are never offered for each
// other. posix_fadvise's POSIX_FADV_* are file advice with the same numbers.
// Two advice values or'ed together are neither: madvise() takes one.
// On Linux, glibc and musl pass posix_madvise()'s advice straight to
// madvise(2), but for 4 (POSIX_MADV_DONTNEED), which they drop: every MADV_
// value but MADV_DONTNEED works there (fio: posix_madvise(p, len,
// MADV_REMOVE)).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(void *p, size_t len) {
  madvise(p, len, POSIX_FADV_SEQUENTIAL);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: POSIX_FADV_SEQUENTIAL is from the POSIX_FADV_* namespace, not MADV_*: in madvise() advice 0x2 means MADV_SEQUENTIAL; use MADV_SEQUENTIAL [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: madvise(p, len, MADV_SEQUENTIAL);
  madvise(p, len, POSIX_MADV_WILLNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: POSIX_MADV_WILLNEED is from the POSIX_MADV_* namespace, not MADV_*: in madvise() advice 0x3 means MADV_WILLNEED; use MADV_WILLNEED [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: madvise(p, len, MADV_WILLNEED);
  madvise(p, len, POSIX_MADV_DONTNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: POSIX_MADV_DONTNEED is from the POSIX_MADV_* namespace, not MADV_*: in madvise() advice 0x4 means MADV_DONTNEED [misbehaves] [flagspace-wrong-namespace]
  madvise(p, len, MS_SYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_SYNC is from the MS_* namespace, not MADV_*: in madvise() advice 0x4 means MADV_DONTNEED [misbehaves] [flagspace-wrong-namespace]
  madvise(p, len, MADV_DONTFORK | MADV_DONTDUMP);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: MADV_DONTDUMP is or'ed with MADV_DONTFORK, but MADV_* are values, not flags: in madvise() advice 0x1a matches no MADV_* value and the call fails with EINVAL [fails] [flagspace-unsupported-flag]
  posix_madvise(p, len, MADV_DONTNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: MADV_DONTNEED in posix_madvise() advice is ignored: it is 4, POSIX_MADV_DONTNEED, which glibc and musl ignore: the call returns 0 and no page is discarded; use madvise() [ignored] [flagspace-invalid-combination]
  posix_madvise(p, len, O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: O_APPEND is from the O_* namespace, not POSIX_MADV_* or MADV_*: in posix_madvise() advice 0x400 matches no POSIX_MADV_* or MADV_* value and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_madvise, p, len, POSIX_FADV_WILLNEED);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: POSIX_FADV_WILLNEED is from the POSIX_FADV_* namespace, not MADV_*: in syscall(SYS_madvise) advice 0x3 means MADV_WILLNEED; use MADV_WILLNEED [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_madvise, p, len, MADV_WILLNEED);
}
// Correct, idiomatic code: nothing may be reported below.
void correct(void *p, size_t len, int advice) {
  madvise(p, len, MADV_DONTNEED);
  madvise(p, len, MADV_HUGEPAGE);
  madvise(p, len, MADV_FREE);
  madvise(p, len, advice);
  posix_madvise(p, len, POSIX_MADV_SEQUENTIAL);
  posix_madvise(p, len, POSIX_MADV_DONTNEED);
  posix_madvise(p, len, MADV_REMOVE);     // fio engines/mmap.c
  posix_madvise(p, len, MADV_HUGEPAGE);
  posix_madvise(p, len, MADV_RANDOM);     // the same value as POSIX_MADV_RANDOM
  posix_madvise(p, len, MADV_DONTDUMP);
  syscall(SYS_madvise, p, len, MADV_COLD);
}
