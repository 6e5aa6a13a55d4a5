// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-wrong-field %t
// Memory mapping: mmap prot (PROT_) and flags (MAP_), mprotect, msync (MS_),
// madvise (MADV_), memfd_create (MFD_; FD_CLOEXEC has MFD_CLOEXEC's value and
// works by accident: reported), and raw syscall() forms.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(void *p, size_t len, int fd) {
  mmap(0, len, PROT_READ | MAP_SHARED, MAP_PRIVATE, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: MAP_SHARED is from the MAP_* namespace, not PROT_*: in mmap() prot 0x1 means PROT_READ; it belongs in mmap() flags [misbehaves] [flagspace-wrong-namespace]
  mmap(0, len, PROT_READ, MAP_PRIVATE | O_CLOEXEC, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: O_CLOEXEC is from the O_* namespace, not MAP_*: in mmap() flags 0x80000 means MAP_SYNC [misbehaves] [flagspace-wrong-namespace]
  mmap(0, len, O_RDWR, MAP_SHARED, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_RDWR is from the O_* namespace, not PROT_*: in mmap() prot 0x2 means PROT_WRITE [misbehaves] [flagspace-wrong-namespace]
  mprotect(p, len, PROT_READ | MAP_FIXED);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: MAP_FIXED is from the MAP_* namespace, not PROT_*: in mprotect() prot 0x10 matches no PROT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  msync(p, len, MS_ASYNC | MAP_SHARED);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: MAP_SHARED is from the MAP_* namespace, not MS_*: in msync() flags 0x1 means MS_ASYNC [misbehaves] [flagspace-wrong-namespace]
  madvise(p, len, MS_SYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_SYNC is from the MS_* namespace, not MADV_*: in madvise() advice 0x4 means MADV_DONTNEED [misbehaves] [flagspace-wrong-namespace]
  memfd_create("x", FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: FD_CLOEXEC is from the FD_* namespace, not MFD_*: in memfd_create() flags 0x1 means MFD_CLOEXEC; use MFD_CLOEXEC [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: memfd_create("x", MFD_CLOEXEC);
  memfd_create("x", O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_CLOEXEC is from the O_* namespace, not MFD_*: in memfd_create() flags 0x80000 matches no MFD_* flag and the call fails with EINVAL; use MFD_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: memfd_create("x", MFD_CLOEXEC);
  syscall(SYS_mmap, 0, len, PROT_READ, MAP_PRIVATE | O_CLOEXEC, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: O_CLOEXEC is from the O_* namespace, not MAP_*: in syscall(SYS_mmap) flags 0x80000 means MAP_SYNC [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(void *p, size_t len, int fd) {
  mmap(0, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  mmap(0, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  mprotect(p, len, PROT_READ | PROT_EXEC);
  msync(p, len, MS_SYNC | MS_INVALIDATE);
  madvise(p, len, MADV_DONTNEED);
  memfd_create("x", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  syscall(SYS_memfd_create, "x", MFD_CLOEXEC);
}
