// REQUIRES: target-powerpc64le-linux-gnu, target-s390x-linux-gnu
// RUN: %check_flagspace -check-suffix=PPC %s flagspace-wrong-namespace %t -- -- -target powerpc64le-linux-gnu -DPPC
// RUN: %check_flagspace -check-suffix=S390 %s flagspace-wrong-namespace %t -- -- -target s390x-linux-gnu -DS390
// powerpc moves the MAP_LOCKED/MAP_NORESERVE and MCL_ values, s390x the
// POSIX_FADV_DONTNEED/NOREUSE advice: what a misplaced name means there is
// read from the target's own headers.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>

#ifdef PPC
_Static_assert(MAP_NORESERVE == 0x40 && O_DIRECTORY == 0x4000, "ppc64el headers");
void wrong(int fd, size_t n) {
  mmap(0, n, PROT_READ, MAP_PRIVATE | O_CREAT, fd, 0);
  // CHECK-MESSAGES-PPC: :[[@LINE-1]]:39: warning: O_CREAT is from the O_* namespace, not MAP_*: in mmap() flags 0x40 means MAP_NORESERVE [misbehaves] [flagspace-wrong-namespace]
  open("d", O_RDONLY | AT_STATX_DONT_SYNC);
  // CHECK-MESSAGES-PPC: :[[@LINE-1]]:24: warning: AT_STATX_DONT_SYNC is from the AT_* namespace, not O_*: in open() flags 0x4000 means O_DIRECTORY [misbehaves] [flagspace-wrong-namespace]
}
#endif
#ifdef S390
_Static_assert(POSIX_FADV_DONTNEED == 6, "s390x headers");
void wrong(int fd, size_t n) {
  posix_fadvise(fd, 0, n, MADV_DONTNEED);
  // CHECK-MESSAGES-S390: :[[@LINE-1]]:27: warning: MADV_DONTNEED is from the MADV_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x4 matches no POSIX_FADV_* value{{.*}} [fails] [flagspace-wrong-namespace]
  posix_fadvise(fd, 0, n, MADV_SEQUENTIAL);
  // CHECK-MESSAGES-S390: :[[@LINE-1]]:27: warning: MADV_SEQUENTIAL is from the MADV_* namespace, not POSIX_FADV_*: in posix_fadvise() advice 0x2 means POSIX_FADV_SEQUENTIAL; use POSIX_FADV_SEQUENTIAL [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES-S390: posix_fadvise(fd, 0, n, POSIX_FADV_SEQUENTIAL);
}
#endif
// Correct code: nothing may be reported below.
void correct(int fd, size_t n) {
  mmap(0, n, PROT_READ, MAP_PRIVATE | MAP_NORESERVE | MAP_LOCKED, fd, 0);
  mlockall(MCL_CURRENT | MCL_FUTURE);
  posix_fadvise(fd, 0, n, POSIX_FADV_DONTNEED);
  posix_fadvise(fd, 0, n, POSIX_FADV_NOREUSE);
}
