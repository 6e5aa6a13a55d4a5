// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field %t
// A project's own copy of a kernel struct, under its own tag, takes the
// kernel struct's field rules once it is passed where the kernel reads one
// (rules `layout`): mount_setattr()'s struct mount_attr, openat2()'s struct
// open_how, clone3()'s struct clone_args (at least its first 8 fields), here
// as raw syscall()s. The fields must be those of the kernel struct, in order,
// with the same names and sizes; a struct of another shape passed there, or
// one never passed, is not given the rules.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/types.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

struct my_attr {
  __u64 attr_set, attr_clr, propagation, userns_fd;
};
int remount_ro(int dfd, const char *path) {
  struct my_attr attr = {0};
  attr.attr_set = MS_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_RDONLY is from the MS_* namespace, not MOUNT_ATTR_*: in mount_attr.attr_set 0x1 means MOUNT_ATTR_RDONLY; use MOUNT_ATTR_RDONLY [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: attr.attr_set = MOUNT_ATTR_RDONLY;
  return syscall(SYS_mount_setattr, dfd, path, AT_RECURSIVE, &attr,
                 sizeof attr);
}

struct my_how {
  uint64_t flags, mode, resolve;
};
int open_beneath(int dfd, const char *p) {
  struct my_how how = {.flags = O_RDONLY, .resolve = AT_SYMLINK_NOFOLLOW};
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not RESOLVE_*: in open_how.resolve 0x100 matches no RESOLVE_* flag and the call fails with EINVAL; use RESOLVE_NO_SYMLINKS for every component; or O_NOFOLLOW in open_how.flags for the trailing symlink; RESOLVE_NO_TERMINAL_SYMLINKS was proposed in 2020 but never reached the kernel [fails] [flagspace-wrong-namespace]
  return syscall(SYS_openat2, dfd, p, &how, sizeof how);
}

struct my_clone {
  uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack,
      stack_size, tls;
};
long spawn(void) {
  struct my_clone args = {.flags = CLONE_NEWNS | SIGCHLD};
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: SIGCHLD belongs in clone_args.exit_signal, not clone_args.flags: here 0x11 matches no CLONE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  return syscall(SYS_clone3, &args, sizeof args);
}

// Nothing below may be reported: another shape, other names, too few
// fields, or never passed to the kernel.
struct other_attr {
  __u64 attr_set, attr_clr;
  __u32 propagation;
};
struct renamed {
  __u64 set, clr, propagation, userns_fd;
};
struct short_clone {
  uint64_t flags, pidfd;
};
struct kept {
  __u64 attr_set, attr_clr, propagation, userns_fd;
};
int quiet(int dfd, const char *path) {
  struct other_attr a = {.attr_set = MS_RDONLY};
  struct renamed r = {.set = MS_RDONLY};
  struct short_clone c = {.flags = SIGCHLD};
  struct kept k;
  k.attr_set = MS_RDONLY;
  return syscall(SYS_mount_setattr, dfd, path, 0, &a, sizeof a) +
         syscall(SYS_mount_setattr, dfd, path, 0, &r, sizeof r) +
         syscall(SYS_openat2, dfd, path, &a, sizeof a) +
         syscall(SYS_clone3, &c, sizeof c) + (int)k.attr_clr;
}
