// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace -check-suffixes=,CXX %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// Flags each accepted on their own that the call rejects (EINVAL,
// EOPNOTSUPP) or ignores together, or that mean another flag together:
// rules/*.rules `excludes`, `requires` and `ignored-unless`. Only certain
// combinations are reported: every flag named, and written on every path;
// where the call fails or misbehaves, one of them may be written on some
// paths only (the call then fails on those).
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/mount.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

#define SWAP_FLAGS (RENAME_EXCHANGE | RENAME_NOREPLACE)

void wrong(int fd, const char *a, const char *b, void *p, size_t n, char *buf,
           const struct itimerspec *its) {
  renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE | RENAME_NOREPLACE);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: RENAME_NOREPLACE cannot be combined with RENAME_EXCHANGE in renameat2() flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_WHITEOUT | RENAME_EXCHANGE);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: RENAME_WHITEOUT cannot be combined with RENAME_EXCHANGE in syscall(SYS_renameat2) flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  // Through a macro of the user's: classified by the names it is made of.
  renameat2(AT_FDCWD, a, AT_FDCWD, b, SWAP_FLAGS);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: RENAME_NOREPLACE cannot be combined with RENAME_EXCHANGE in renameat2() flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  // Through a local variable written once.
  int rf = RENAME_EXCHANGE | RENAME_WHITEOUT;
  renameat2(AT_FDCWD, a, AT_FDCWD, b, rf);
  // CHECK-MESSAGES: :[[@LINE-2]]:30: warning: RENAME_WHITEOUT cannot be combined with RENAME_EXCHANGE in renameat2() flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  struct open_how how = { .flags = O_PATH | O_RDWR, .resolve = RESOLVE_BENEATH | RESOLVE_IN_ROOT };
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: O_RDWR cannot be combined with O_PATH in open_how.flags: the call fails with EINVAL; beside O_PATH openat2() takes only O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC [fails] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :[[@LINE-2]]:82: warning: RESOLVE_IN_ROOT cannot be combined with RESOLVE_BENEATH in open_how.resolve: the call fails with EINVAL; the lookup is scoped one way or the other [fails] [flagspace-invalid-combination]
  syscall(SYS_openat2, AT_FDCWD, a, &how, sizeof how);
  close(open(a, O_PATH | O_WRONLY | O_CLOEXEC));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: O_WRONLY is ignored with O_PATH in open() flags: an O_PATH descriptor only names the file; beside O_PATH the kernel keeps O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC [ignored] [flagspace-invalid-combination]
  umount2(a, MNT_DETACH | MNT_EXPIRE);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: MNT_DETACH cannot be combined with MNT_EXPIRE in umount2() flags: the call fails with EINVAL [fails] [flagspace-invalid-combination]
  msync(p, n, MS_SYNC | MS_ASYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: MS_ASYNC cannot be combined with MS_SYNC in msync() flags: the call fails with EINVAL [fails] [flagspace-invalid-combination]
  mmap(0, n, PROT_READ, MAP_SHARED | MAP_PRIVATE, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: MAP_PRIVATE and MAP_SHARED together in mmap() flags are MAP_SHARED_VALIDATE: a file mapping is shared, not private, and an anonymous one fails with EINVAL [fails] [flagspace-invalid-combination]
  getrandom(buf, 16, GRND_RANDOM | GRND_INSECURE);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: GRND_INSECURE cannot be combined with GRND_RANDOM in getrandom() flags: the call fails with EINVAL; GRND_INSECURE never blocks and GRND_RANDOM asks for the blocking pool [fails] [flagspace-invalid-combination]
  inotify_add_watch(fd, a, IN_MODIFY | IN_MASK_CREATE | IN_MASK_ADD);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: IN_MASK_ADD cannot be combined with IN_MASK_CREATE in inotify_add_watch() mask: the call fails with EINVAL; IN_MASK_CREATE fails on a watched inode, IN_MASK_ADD extends the watch [fails] [flagspace-invalid-combination]
  fallocate(fd, FALLOC_FL_PUNCH_HOLE, 0, 4096);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: FALLOC_FL_PUNCH_HOLE in fallocate() mode needs FALLOC_FL_KEEP_SIZE: without it the call fails with EOPNOTSUPP; punching a hole never changes the file size [fails] [flagspace-invalid-combination]
  timerfd_settime(fd, TFD_TIMER_CANCEL_ON_SET, its, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: TFD_TIMER_CANCEL_ON_SET in timerfd_settime() flags is ignored without TFD_TIMER_ABSTIME: a relative timer is never cancelled when the clock is set [ignored] [flagspace-invalid-combination]
  mount(a, b, 0, MS_BIND | MS_RDONLY, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: MS_RDONLY is ignored with MS_BIND in mount() mountflags: a bind mount keeps the options of the mount it copies; change them with a second mount() of MS_BIND|MS_REMOUNT and the flags [ignored] [flagspace-invalid-combination]
  // The ignored flag added on some paths: on those it was asked for, and
  // the bind stays writable.
  unsigned long bind_flags = MS_BIND;
  if (n)
    bind_flags |= MS_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_RDONLY is ignored with MS_BIND in mount() mountflags: {{.*}} [ignored] [flagspace-invalid-combination]
  mount(a, b, 0, bind_flags, 0);
  mount(0, b, 0, MS_PRIVATE | MS_NOSUID | MS_REC, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: MS_NOSUID cannot be combined with MS_PRIVATE in mount() mountflags: the call fails with EINVAL; a propagation change takes one type and MS_REC only; make it a mount() call of its own [fails] [flagspace-invalid-combination]
  mount(0, b, 0, MS_SHARED | MS_SLAVE, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: MS_SLAVE cannot be combined with MS_SHARED in mount() mountflags: the call fails with EINVAL; a propagation change takes one type and MS_REC only; make it a mount() call of its own [fails] [flagspace-invalid-combination]
  mount(0, b, 0, MS_REMOUNT | MS_RDONLY | MS_PRIVATE, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: MS_PRIVATE is ignored with MS_REMOUNT in mount() mountflags: a remount leaves the propagation type as it is; change it with a mount() call of its own [ignored] [flagspace-invalid-combination]
  struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOATIME };
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: MOUNT_ATTR_NOATIME in mount_attr.attr_set needs MOUNT_ATTR__ATIME in mount_attr.attr_clr: without it the call fails with EINVAL; an atime setting replaces the old one only when attr_clr clears MOUNT_ATTR__ATIME [fails] [flagspace-invalid-combination]
  syscall(SYS_mount_setattr, -1, b, 0, &attr, sizeof attr);
}

// One flag on every path, the other on some: the call fails on those.
void some_paths(const char *a, const char *b, int cond) {
  renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE | (cond ? RENAME_NOREPLACE : 0));
  // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: RENAME_NOREPLACE cannot be combined with RENAME_EXCHANGE in renameat2() flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  int rf = RENAME_EXCHANGE;
  if (cond)
    rf |= RENAME_NOREPLACE;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: RENAME_NOREPLACE cannot be combined with RENAME_EXCHANGE in renameat2() flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  renameat2(AT_FDCWD, a, AT_FDCWD, b, rf);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: note: flag passed here
}

#ifdef __cplusplus
// C++: a qualified call, and an assignment to a field.
namespace box {
void wrong_cxx(const char *a, const char *b) {
  ::renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_NOREPLACE | RENAME_EXCHANGE);
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:41: warning: RENAME_NOREPLACE cannot be combined with RENAME_EXCHANGE in renameat2() flags: the call fails with EINVAL; an exchange swaps two existing names [fails] [flagspace-invalid-combination]
  open_how how{};
  how.flags = O_PATH | O_TRUNC;
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:24: warning: O_TRUNC cannot be combined with O_PATH in open_how.flags: the call fails with EINVAL; beside O_PATH openat2() takes only O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC [fails] [flagspace-invalid-combination]
  (void)how;
}
} // namespace box
#endif

// Correct code, and combinations not certain: nothing may be reported below.
void correct(int fd, const char *a, const char *b, void *p, size_t n, char *buf,
             const struct itimerspec *its, int flags, int cond) {
  renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
  renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_NOREPLACE | RENAME_WHITEOUT);
  // A variable part, flags that may never meet (each chosen on some paths
  // only), a plain number.
  renameat2(AT_FDCWD, a, AT_FDCWD, b, flags | RENAME_EXCHANGE | RENAME_NOREPLACE);
  renameat2(AT_FDCWD, a, AT_FDCWD, b, cond ? RENAME_EXCHANGE : RENAME_NOREPLACE);
  int rf = 0;
  if (cond)
    rf |= RENAME_EXCHANGE;
  if (flags)
    rf |= RENAME_NOREPLACE;
  renameat2(AT_FDCWD, a, AT_FDCWD, b, rf);
  renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE | 1);
  // The flag that makes another ignored, added on some paths only, is not
  // reported (a bind chosen at run time, its options remounted after).
  int mf = MS_RDONLY | MS_NOSUID;
  if (cond)
    mf |= MS_BIND;
  mount(a, b, 0, mf, 0);
  struct open_how how = { .flags = O_PATH | O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC,
                          .resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS };
  syscall(SYS_openat2, AT_FDCWD, a, &how, sizeof how);
  close(open(a, O_PATH | O_CLOEXEC | O_NOFOLLOW));
  close(openat(fd, a, O_RDWR | O_CLOEXEC));
  umount2(a, MNT_DETACH | UMOUNT_NOFOLLOW);
  umount2(a, MNT_EXPIRE);
  msync(p, n, MS_SYNC | MS_INVALIDATE);
  mmap(0, n, PROT_READ, MAP_SHARED_VALIDATE | MAP_SYNC, fd, 0);
  mmap(0, n, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  getrandom(buf, 16, GRND_INSECURE | GRND_NONBLOCK);
  inotify_add_watch(fd, a, IN_MODIFY | IN_MASK_ADD);
  fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 4096);
  fallocate(fd, FALLOC_FL_PUNCH_HOLE | flags, 0, 4096);
  timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, its, 0);
  mount(a, b, 0, MS_BIND | MS_REC, 0);
  mount(0, b, 0, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID, 0);
  mount(0, b, 0, MS_REC | MS_PRIVATE, 0);
  mount(0, b, 0, MS_SLAVE | MS_REC | MS_SILENT, 0);
  mount(a, b, 0, MS_MOVE, 0);
  mount("none", b, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, 0);
  struct mount_attr attr = { .attr_set = MOUNT_ATTR_NOATIME, .attr_clr = MOUNT_ATTR__ATIME,
                             .propagation = MS_PRIVATE };
  syscall(SYS_mount_setattr, -1, b, 0, &attr, sizeof attr);
  // Only the field written is known: attr_clr keeps what it had.
  attr.attr_set = MOUNT_ATTR_STRICTATIME;
}
