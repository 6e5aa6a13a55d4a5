// RUN: %check_flagspace %s flagspace-portability %t
// RUN: %check_flagspace -check-suffix=K58 %s flagspace-portability %t-k58 -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '5.8'}]}" -- -DGLIBC_2_32
// faccessat() takes flags from glibc 2.33 on Linux 5.8 (faccessat2); before,
// glibc emulates them: AT_EMPTY_PATH fails with EINVAL, AT_SYMLINK_NOFOLLOW
// is judged from the permission bits, which ignore ACLs (man 2 access).
// These headers are glibc 2.36: only the kernel is left, unless the test
// gives __GLIBC_MINOR__ 32.
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#ifdef GLIBC_2_32
#undef __GLIBC_MINOR__
#define __GLIBC_MINOR__ 32
#endif

int check(int dfd, const char *name, int fd, int mode) {
  int r = faccessat(dfd, name, W_OK, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: AT_SYMLINK_NOFOLLOW in faccessat() flags needs Linux 5.8: otherwise, there is no faccessat2 and glibc emulates the flag with fstatat() and the permission bits, which ignore ACLs: the answer can be wrong (no minimum kernel set); where ACLs may decide, try the operation itself [misbehaves] [flagspace-portability]
  // CHECK-MESSAGES-K58: :[[@LINE-2]]:38: warning: AT_SYMLINK_NOFOLLOW in faccessat() flags needs glibc 2.33: otherwise, {{.*}} (built against glibc 2.32); where ACLs may decide, try the operation itself [misbehaves] [flagspace-portability]
  r |= faccessat(fd, "", R_OK, AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: AT_EMPTY_PATH in faccessat() flags needs Linux 5.8: otherwise, there is no faccessat2 and glibc's fallback rejects AT_EMPTY_PATH with EINVAL (no minimum kernel set) [fails] [flagspace-portability]
  // CHECK-MESSAGES-K58: :[[@LINE-2]]:32: warning: AT_EMPTY_PATH in faccessat() flags needs glibc 2.33: otherwise, {{.*}} (built against glibc 2.32) [fails] [flagspace-portability]
  // A mode the code does not fix may hold a permission bit.
  r |= faccessat(dfd, name, mode, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: AT_SYMLINK_NOFOLLOW in faccessat() flags needs Linux 5.8: {{.*}} [misbehaves] [flagspace-portability]
  // CHECK-MESSAGES-K58: :[[@LINE-2]]:35: warning: AT_SYMLINK_NOFOLLOW in faccessat() flags needs glibc 2.33: {{.*}} [misbehaves] [flagspace-portability]
  // Right code: with F_OK (0) glibc's fallback answers from fstatat()
  // alone, which is exact (inotify-tools' inotifytools.c).
  r |= faccessat(dfd, name, F_OK, AT_SYMLINK_NOFOLLOW);
  int exists = F_OK;
  r |= faccessat(dfd, name, exists, AT_SYMLINK_NOFOLLOW);
  // AT_EACCESS alone is emulated only in set-user-ID programs,
  // and no flag at all is the system call itself.
  r |= faccessat(dfd, name, R_OK, AT_EACCESS);
  r |= faccessat(dfd, name, R_OK, 0);
  return r;
}
