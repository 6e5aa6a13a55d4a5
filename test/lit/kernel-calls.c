// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t -- -- -D__KERNEL__ -I %S/Inputs
// The kernel profile's functions (rules/kernel.rules), with their Linux 6.1
// signatures: path walks take LOOKUP_ flags, opens take O_ flags, stat and
// the do_*at and exec helpers take AT_ flags, mounting takes MS_ flags.
#include "kernel-vfs.h"

void misplaced(int dfd, const char *name, struct path *path, struct filename *fn,
               struct dentry *d, struct vfsmount *mnt, struct kstat *st) {
  // AT_SYMLINK_NOFOLLOW is 0x100: LOOKUP_OPEN to a lookup.
  user_path_at(dfd, name, AT_SYMLINK_NOFOLLOW, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not LOOKUP_*: in user_path_at() flags 0x100 means LOOKUP_OPEN [misbehaves] [flagspace-wrong-namespace]
  user_path_at_empty(dfd, name, AT_EMPTY_PATH, path, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: AT_EMPTY_PATH is from the AT_* namespace, not LOOKUP_*: in user_path_at_empty() flags 0x1000 matches no LOOKUP_* flag and is ignored; use LOOKUP_EMPTY [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: user_path_at_empty(dfd, name, LOOKUP_EMPTY, path, 0);
  kern_path(name, O_DIRECTORY, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_DIRECTORY is from the O_* namespace, not LOOKUP_*: in kern_path() flags 0x10000 means LOOKUP_NO_SYMLINKS; use LOOKUP_DIRECTORY [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: kern_path(name, LOOKUP_DIRECTORY, path);
  kern_path_create(dfd, name, path, O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: O_EXCL is from the O_* namespace, not LOOKUP_*: in kern_path_create() lookup_flags 0x80 means LOOKUP_MOUNTPOINT [misbehaves] [flagspace-wrong-namespace]
  user_path_create(dfd, name, path, AT_SYMLINK_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: AT_SYMLINK_FOLLOW is from the AT_* namespace, not LOOKUP_*: in user_path_create() lookup_flags 0x400 means LOOKUP_EXCL; use LOOKUP_FOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: user_path_create(dfd, name, path, LOOKUP_FOLLOW);
  filename_lookup(dfd, fn, RESOLVE_BENEATH, path, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: RESOLVE_BENEATH is from the RESOLVE_* namespace, not LOOKUP_*: in filename_lookup() flags 0x8 matches no LOOKUP_* flag and is ignored; use LOOKUP_BENEATH [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: filename_lookup(dfd, fn, LOOKUP_BENEATH, path, 0);
  vfs_path_lookup(d, mnt, name, O_NOFOLLOW, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: O_NOFOLLOW is from the O_* namespace, not LOOKUP_*: in vfs_path_lookup() flags 0x20000 means LOOKUP_NO_MAGICLINKS [misbehaves] [flagspace-wrong-namespace]
  getname_flags(name, AT_EMPTY_PATH, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: AT_EMPTY_PATH is from the AT_* namespace, not LOOKUP_*: in getname_flags() flags 0x1000 matches no LOOKUP_* flag and is ignored; use LOOKUP_EMPTY [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: getname_flags(name, LOOKUP_EMPTY, 0);
  filp_open(name, FMODE_READ, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: FMODE_READ is from the FMODE_* namespace, not O_* or __FMODE_*: in filp_open() flags 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-namespace]
  file_open_name(fn, LOOKUP_FOLLOW, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: LOOKUP_FOLLOW is from the LOOKUP_* namespace, not O_* or __FMODE_*: in file_open_name() flags 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-namespace]
  file_open_root(path, name, FMODE_WRITE, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: FMODE_WRITE is from the FMODE_* namespace, not O_* or __FMODE_*: in file_open_root() flags 0x2 means O_RDWR [misbehaves] [flagspace-wrong-namespace]
  dentry_open(path, FMODE_READ | FMODE_WRITE, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: FMODE_READ is from the FMODE_* namespace, not O_* or __FMODE_*: in dentry_open() flags 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:34: warning: FMODE_WRITE is from the FMODE_* namespace, not O_* or __FMODE_*: in dentry_open() flags 0x2 means O_RDWR [misbehaves] [flagspace-wrong-namespace]
  do_sys_open(dfd, name, AT_SYMLINK_NOFOLLOW, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in do_sys_open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: do_sys_open(dfd, name, O_NOFOLLOW, 0);
  vfs_fstatat(dfd, name, st, LOOKUP_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: LOOKUP_FOLLOW is from the LOOKUP_* namespace, not AT_*: in vfs_fstatat() flags 0x1 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  do_statx(dfd, fn, O_NOFOLLOW, STATX_BASIC_STATS, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in do_statx() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: do_statx(dfd, fn, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, 0);
  do_statx(dfd, fn, AT_STATX_SYNC_AS_STAT, AT_SYMLINK_NOFOLLOW, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not STATX_*: in do_statx() mask 0x100 means STATX_INO; it belongs in do_statx() flags [misbehaves] [flagspace-wrong-namespace]
  // vfs_statx (static in fs/stat.c) takes the AT_ flags of do_statx.
  vfs_statx(dfd, fn, LOOKUP_FOLLOW, st, STATX_BASIC_STATS);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: LOOKUP_FOLLOW is from the LOOKUP_* namespace, not AT_*: in vfs_statx() flags 0x1 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  vfs_statx(dfd, fn, AT_STATX_SYNC_AS_STAT, st, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not STATX_*: in vfs_statx() request_mask 0x100 means STATX_INO; it belongs in vfs_statx() flags [misbehaves] [flagspace-wrong-namespace]
  // do_faccessat (static in fs/open.c): faccessat2's flags. AT_REMOVEDIR has
  // AT_EACCESS's value.
  do_faccessat(dfd, name, 0, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in do_faccessat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: do_faccessat(dfd, name, 0, AT_SYMLINK_NOFOLLOW);
  do_faccessat(dfd, name, 0, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: AT_REMOVEDIR is not accepted by do_faccessat() flags: 0x200 means AT_EACCESS there [misbehaves] [flagspace-unsupported-flag]
  // exec: execveat's flags (fs/exec.c, static).
  do_open_execat(dfd, fn, LOOKUP_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: LOOKUP_FOLLOW is from the LOOKUP_* namespace, not AT_*: in do_open_execat() flags 0x1 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  do_execveat(dfd, fn, 0, 0, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in do_execveat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: do_execveat(dfd, fn, 0, 0, AT_SYMLINK_NOFOLLOW);
  do_linkat(dfd, fn, dfd, fn, LOOKUP_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: LOOKUP_FOLLOW is from the LOOKUP_* namespace, not AT_*: in do_linkat() flags 0x1 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  do_linkat(dfd, fn, dfd, fn, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: AT_SYMLINK_NOFOLLOW is not accepted by do_linkat() flags: the call fails with EINVAL; it takes AT_SYMLINK_FOLLOW, AT_EMPTY_PATH [fails] [flagspace-unsupported-flag]
  do_renameat2(dfd, fn, dfd, fn, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: AT_REMOVEDIR is from the AT_* namespace, not RENAME_*: in do_renameat2() flags 0x200 matches no RENAME_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  do_fchownat(dfd, name, 0, 0, O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in do_fchownat() flag 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: do_fchownat(dfd, name, 0, 0, AT_SYMLINK_NOFOLLOW);
  do_utimes(dfd, name, 0, LOOKUP_FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: LOOKUP_FOLLOW is from the LOOKUP_* namespace, not AT_*: in do_utimes() flags 0x1 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  path_mount(name, path, name, MNT_READONLY, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: MNT_READONLY is from the MNT_* namespace, not MS_*: in path_mount() flags 0x40 matches no MS_* flag and is ignored; use MS_RDONLY [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: path_mount(name, path, name, MS_RDONLY, 0);
  // SB_ has the MS_ values: it works only because they are equal.
  do_mount(name, name, name, SB_RDONLY, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: SB_RDONLY is from the SB_* namespace, not MS_*: it works in do_mount() flags only because the values are equal (0x1 is MS_RDONLY there); use MS_RDONLY [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: do_mount(name, name, name, MS_RDONLY, 0);
}

// Correct kernel code: nothing may be reported below.
void correct(int dfd, const char *name, struct path *path, struct filename *fn,
             struct kstat *st, int flags, struct dentry *d, struct vfsmount *mnt) {
  unsigned int lookup_flags = LOOKUP_FOLLOW;
  // The system calls' translations: the tests read AT_ flags.
  if (flags & AT_SYMLINK_NOFOLLOW)
    lookup_flags &= ~LOOKUP_FOLLOW;
  if (flags & AT_EMPTY_PATH)
    lookup_flags |= LOOKUP_EMPTY;
  if (!(flags & AT_NO_AUTOMOUNT))
    lookup_flags |= LOOKUP_AUTOMOUNT;
  user_path_at(dfd, name, lookup_flags, path);
  user_path_at_empty(dfd, name, LOOKUP_FOLLOW | LOOKUP_EMPTY, path, 0);
  kern_path(name, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, path);
  kern_path_create(dfd, name, path, LOOKUP_DIRECTORY);
  user_path_create(dfd, name, path, 0);
  filename_lookup(dfd, fn, LOOKUP_BENEATH, path, 0);
  getname_flags(name, LOOKUP_EMPTY, 0);
  filp_open(name, O_RDONLY | O_LARGEFILE, 0);
  // do_open_execat(): the deliberate __FMODE_EXEC in open flags.
  filp_open(name, O_LARGEFILE | __FMODE_EXEC, 0);
  file_open_name(fn, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dentry_open(path, O_WRONLY | __FMODE_NONOTIFY, 0);
  file_open_root(path, name, O_RDONLY | O_DIRECTORY, 0);
  do_sys_open(dfd, name, O_RDONLY | O_CLOEXEC, 0);
  vfs_fstatat(dfd, name, st, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
  do_statx(dfd, fn, AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS | STATX_BTIME, 0);
  vfs_statx(dfd, fn, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT, st, STATX_BASIC_STATS);
  vfs_path_lookup(d, mnt, name, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, path);
  do_faccessat(dfd, name, 0, AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
  do_linkat(dfd, fn, dfd, fn, AT_SYMLINK_FOLLOW);
  do_renameat2(dfd, fn, dfd, fn, RENAME_NOREPLACE);
  do_unlinkat(dfd, fn);
  do_rmdir(dfd, fn);
  do_open_execat(dfd, fn, 0);
  do_execveat(dfd, fn, 0, 0, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
  // The translation in do_open_execat: the tests read the AT_ flags.
  if (flags & AT_EMPTY_PATH)
    lookup_flags |= LOOKUP_EMPTY;
  do_fchownat(dfd, name, 0, 0, AT_SYMLINK_NOFOLLOW);
  do_utimes(dfd, name, 0, AT_SYMLINK_NOFOLLOW);
  path_mount(name, path, name, MS_RDONLY | MS_NOSUID, 0);
  do_mount(name, name, name, MS_BIND | MS_REC, 0);
}
