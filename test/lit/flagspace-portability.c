// RUN: %check_flagspace %s flagspace-portability %t
// RUN: %check_flagspace -check-suffix=K54 %s flagspace-portability %t-k54 -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.MinimumKernel, value: '5.4'}]}"
// RUN: %check_flagspace -check-suffix=G239 %s flagspace-portability %t-g239 -- -- -DGLIBC_2_39
// RUN: %check_flagspace -check-suffix=OLD %s flagspace-portability %t-old -- -- -DGLIBC_2_31
// flagspace-portability: a call or flag that some C library or kernel the
// program may run on rejects or emulates. The unit's glibc (these headers:
// 2.36, or the value the test gives __GLIBC_MINOR__) is a lower bound of
// the one the program runs with; the kernel's is flagspace.MinimumKernel.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// The engine reads the macro's value where the unit ends, as a program
// built against that glibc would have it.
#ifdef GLIBC_2_39
#undef __GLIBC_MINOR__
#define __GLIBC_MINOR__ 39
#endif
#ifdef GLIBC_2_31
#undef __GLIBC_MINOR__
#define __GLIBC_MINOR__ 31
#endif

// The call that broke package managers in chroots: with glibc 2.36 it is
// emulated through /proc whatever the kernel.
void set_mode(int dfd, const char *name) {
  fchmodat(dfd, name, 0644, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6: otherwise, there is no fchmodat2 and glibc emulates the flag through an O_PATH descriptor and /proc, so the call fails with EOPNOTSUPP on every file where /proc is not mounted (chroots, build roots, early boot) (built against glibc 2.36, no minimum kernel set); pass 0 where the path cannot be a symlink, or open the file with O_NOFOLLOW and use fchmod() [fails] [flagspace-portability]
  // CHECK-MESSAGES-K54: :[[@LINE-2]]:29: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.39 and Linux 6.6: otherwise, {{.*}} (built against glibc 2.36, minimum kernel 5.4); pass 0 {{.*}} [fails] [flagspace-portability]
  // CHECK-MESSAGES-G239: :[[@LINE-3]]:29: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs Linux 6.6: otherwise, there is no fchmodat2 and glibc emulates the flag {{.*}} (no minimum kernel set); pass 0 {{.*}} [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-4]]:29: warning: AT_SYMLINK_NOFOLLOW in fchmodat() flags needs glibc 2.32: otherwise, glibc fails with EOPNOTSUPP on every file, regular files too; it needs glibc 2.39 and Linux 6.6: otherwise, {{.*}} (built against glibc 2.31, no minimum kernel set); pass 0 {{.*}} [fails] [flagspace-portability]
}

// lchmod() is fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW) since
// glibc 2.32, and a stub failing with ENOSYS before (glibc's io/lchmod.c).
int set_link_mode(const char *name) {
  return lchmod(name, 0644);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lchmod() needs glibc 2.39 and Linux 6.6: otherwise, there is no fchmodat2 and glibc emulates lchmod() through an O_PATH descriptor and /proc, so the call fails with EOPNOTSUPP on every file where /proc is not mounted (chroots, build roots, early boot) (built against glibc 2.36, no minimum kernel set); use chmod() where the path cannot be a symlink, or open the file with O_NOFOLLOW and use fchmod() [fails] [flagspace-portability]
  // CHECK-MESSAGES-K54: :[[@LINE-2]]:10: warning: lchmod() needs glibc 2.39 and Linux 6.6: otherwise, {{.*}} (built against glibc 2.36, minimum kernel 5.4); use chmod() {{.*}} [fails] [flagspace-portability]
  // CHECK-MESSAGES-G239: :[[@LINE-3]]:10: warning: lchmod() needs Linux 6.6: otherwise, there is no fchmodat2 and glibc emulates lchmod() {{.*}} (no minimum kernel set); use chmod() {{.*}} [fails] [flagspace-portability]
  // CHECK-MESSAGES-OLD: :[[@LINE-4]]:10: warning: lchmod() needs glibc 2.32: otherwise, glibc's lchmod() is a stub that fails with ENOSYS on every file; it needs glibc 2.39 and Linux 6.6: otherwise, {{.*}} (built against glibc 2.31, no minimum kernel set); use chmod() {{.*}} [fails] [flagspace-portability]
}

// Right code: no flag, or a fallback on the errno the emulation gives.
void set_mode_right(int dfd, const char *name) {
  fchmodat(dfd, name, 0644, 0);
  if (fchmodat(dfd, name, 0600, AT_SYMLINK_NOFOLLOW) < 0 && errno == EOPNOTSUPP)
    fchmodat(dfd, name, 0600, 0);
}

// Calls and flags newer than the minimum kernel: reported only where one
// is set and older.
int open_beneath(int dfd, const char *name) {
  struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_BENEATH };
  int fd = syscall(SYS_openat2, dfd, name, &how, sizeof how);
  // CHECK-MESSAGES-K54: :[[@LINE-1]]:12: warning: syscall(SYS_openat2) needs Linux 5.6: otherwise, the call fails with ENOSYS (minimum kernel 5.4) [fails] [flagspace-portability]
  close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  // CHECK-MESSAGES-K54: :[[@LINE-1]]:3: warning: close_range() needs Linux 5.9: otherwise, the call fails with ENOSYS (minimum kernel 5.4) [fails] [flagspace-portability]
  // CHECK-MESSAGES-K54: :[[@LINE-2]]:23: warning: CLOSE_RANGE_CLOEXEC in close_range() flags needs Linux 5.11: otherwise, the call fails with EINVAL (minimum kernel 5.4) [fails] [flagspace-portability]
  return fd;
}

// A fallback on ENOSYS is the right code whatever the kernel.
int open_beneath_or_not(int dfd, const char *name) {
  struct open_how how = { .flags = O_RDONLY, .resolve = RESOLVE_BENEATH };
  int fd = syscall(SYS_openat2, dfd, name, &how, sizeof how);
  if (fd < 0 && errno == ENOSYS)
    fd = openat(dfd, name, O_RDONLY);
  return fd;
}
