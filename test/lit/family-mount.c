// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag,flagspace-wrong-field %t
// mount(2) takes MS_ flags, umount2(2) MNT_ flags; the new mount API has its
// own: FSOPEN_, FSMOUNT_ and MOUNT_ATTR_ (MS_RDONLY has MOUNT_ATTR_RDONLY's
// value and works by accident: reported), OPEN_TREE_, MOVE_MOUNT_, and
// struct mount_attr (attr_set: MOUNT_ATTR_, propagation: MS_ propagation).
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/mount.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(const char *p) {
  mount("none", p, "tmpfs", MNT_DETACH, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: MNT_DETACH is from the MNT_* namespace, not MS_*: in mount() mountflags 0x2 means MS_NOSUID [misbehaves] [flagspace-wrong-namespace]
  umount2(p, MS_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: MS_RDONLY is from the MS_* namespace, not MNT_*: in umount2() flags 0x1 means MNT_FORCE [misbehaves] [flagspace-wrong-namespace]
  syscall(SYS_fsopen, "ext4", O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: O_CLOEXEC is from the O_* namespace, not FSOPEN_*: in syscall(SYS_fsopen) flags 0x80000 matches no FSOPEN_* flag and the call fails with EINVAL; use FSOPEN_CLOEXEC [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_fsopen, "ext4", FSOPEN_CLOEXEC);
  syscall(SYS_fsmount, 3, FSMOUNT_CLOEXEC, MS_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: MS_RDONLY is from the MS_* namespace, not MOUNT_ATTR_*: in syscall(SYS_fsmount) attr_flags 0x1 means MOUNT_ATTR_RDONLY; use MOUNT_ATTR_RDONLY [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_fsmount, 3, FSMOUNT_CLOEXEC, MOUNT_ATTR_RDONLY);
  syscall(SYS_move_mount, 3, "", AT_FDCWD, p, AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: AT_EMPTY_PATH is from the AT_* namespace, not MOVE_MOUNT_*: in syscall(SYS_move_mount) flags 0x1000 matches no MOVE_MOUNT_* flag and the call fails with EINVAL; use MOVE_MOUNT_F_EMPTY_PATH for from path; or MOVE_MOUNT_T_EMPTY_PATH for to path [fails] [flagspace-wrong-namespace]
  struct mount_attr attr = { .attr_set = MS_RDONLY, .propagation = MOUNT_ATTR_RDONLY };
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: MS_RDONLY is from the MS_* namespace, not MOUNT_ATTR_*: in mount_attr.attr_set 0x1 means MOUNT_ATTR_RDONLY; use MOUNT_ATTR_RDONLY [same-value] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:68: warning: MOUNT_ATTR_RDONLY belongs in mount_attr.attr_set, not mount_attr.propagation: here 0x1 means MS_RDONLY and the call fails with EINVAL [fails] [flagspace-wrong-field]
  // CHECK-FIXES: struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY, .propagation = MOUNT_ATTR_RDONLY };
  (void)attr;
}
// Correct, idiomatic code: nothing may be reported below.
void correct(const char *p) {
  mount("none", p, "tmpfs", MS_NOSUID | MS_NODEV, 0);
  mount(0, p, 0, MS_REC | MS_PRIVATE, 0);
  umount2(p, MNT_DETACH | UMOUNT_NOFOLLOW);
  syscall(SYS_fsopen, "ext4", FSOPEN_CLOEXEC);
  syscall(SYS_fsmount, 3, FSMOUNT_CLOEXEC, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID);
  syscall(SYS_open_tree, AT_FDCWD, p, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE);
  syscall(SYS_open_tree, AT_FDCWD, p, OPEN_TREE_CLONE | O_CLOEXEC);
  syscall(SYS_move_mount, 3, "", AT_FDCWD, p, MOVE_MOUNT_F_EMPTY_PATH);
  struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY, .propagation = MS_PRIVATE };
  (void)attr;
}
