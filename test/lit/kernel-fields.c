// RUN: %check_flagspace %s flagspace-wrong-field,flagspace-wrong-namespace %t -- -- -D__KERNEL__ -I %S/Inputs
// The kernel profile's fields (rules/kernel.rules), in kernel-style code:
// struct file's f_flags (O_) and f_mode (FMODE_), super_block.s_flags (SB_),
// vfsmount.mnt_flags (MNT_, values unlike MS_'s), inode.i_flags (S_ inode
// flags), fileattr's FS_*_FL and FS_XFLAG_ flags, kiocb.ki_flags (IOCB_) and
// the open_flags of a path walk (O_ and LOOKUP_). The unit defines
// __KERNEL__, as every kernel unit does.
#include "kernel-vfs.h"

int file_fields(struct file *file) {
  int n = 0;
  // The old driver bug: FMODE_WRITE tested in the open flags.
  if (file->f_flags & FMODE_WRITE)
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: FMODE_WRITE belongs in file.f_mode, not file.f_flags: here 0x2 means O_RDWR [misbehaves] [flagspace-wrong-field]
    n++;
  if (file->f_mode & O_RDWR)
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_RDWR belongs in file.f_flags, not file.f_mode: here 0x2 means FMODE_WRITE [misbehaves] [flagspace-wrong-field]
    n++;
  file->f_flags |= FMODE_EXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: FMODE_EXEC belongs in file.f_mode, not file.f_flags: here 0x20 means __FMODE_EXEC [misbehaves] [flagspace-wrong-field]
  file->f_mode |= O_APPEND;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_APPEND belongs in file.f_flags, not file.f_mode: here 0x400 means FMODE_64BITHASH [misbehaves] [flagspace-wrong-field]
  return n;
}

void mount_fields(struct super_block *sb, struct vfsmount *mnt) {
  // Equal values: it works, but the kernel's name is SB_.
  if (sb->s_flags & MS_RDONLY)
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: MS_RDONLY is from the MS_* namespace, not SB_*: it works in super_block.s_flags only because the values are equal (0x1 is SB_RDONLY there); use SB_RDONLY [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: if (sb->s_flags & SB_RDONLY)
    return;
  sb->s_flags |= MS_NOSUID;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: MS_NOSUID is from the MS_* namespace, not SB_*: it works in super_block.s_flags only because the values are equal (0x2 is SB_NOSUID there); use SB_NOSUID [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: sb->s_flags |= SB_NOSUID;
  // Other values: MS_RDONLY in mnt_flags is MNT_NOSUID.
  mnt->mnt_flags |= MS_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: MS_RDONLY is from the MS_* namespace, not MNT_*: in vfsmount.mnt_flags 0x1 means MNT_NOSUID; use MNT_READONLY [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: mnt->mnt_flags |= MNT_READONLY;
  if (mnt->mnt_flags & MS_NODEV)
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: MS_NODEV is from the MS_* namespace, not MNT_*: in vfsmount.mnt_flags 0x4 means MNT_NOEXEC; use MNT_NODEV [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: if (mnt->mnt_flags & MNT_NODEV)
    return;
  mnt->mnt_flags |= SB_RDONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: SB_RDONLY is from the SB_* namespace, not MNT_*: in vfsmount.mnt_flags 0x1 means MNT_NOSUID; use MNT_READONLY [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: mnt->mnt_flags |= MNT_READONLY;
  sb->s_flags |= MNT_READONLY;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: MNT_READONLY is from the MNT_* namespace, not SB_*: in super_block.s_flags 0x40 means SB_MANDLOCK; use SB_RDONLY [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: sb->s_flags |= SB_RDONLY;
  sb->s_iflags |= SB_NOSUID;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: SB_NOSUID belongs in super_block.s_flags, not super_block.s_iflags: here 0x2 means SB_I_NOEXEC [misbehaves] [flagspace-wrong-field]
}

void inode_fields(struct inode *inode, struct fileattr *fa) {
  inode->i_flags |= FS_IMMUTABLE_FL;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: FS_IMMUTABLE_FL is from the FS_*_FL namespace, not S_*: in inode.i_flags 0x10 means S_DEAD; use S_IMMUTABLE [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: inode->i_flags |= S_IMMUTABLE;
  fa->flags |= S_APPEND;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: S_APPEND is from the S_* namespace, not FS_*_FL: in fileattr.flags 0x4 means FS_COMPR_FL; use FS_APPEND_FL [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: fa->flags |= FS_APPEND_FL;
  fa->fsx_xflags |= FS_IMMUTABLE_FL;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: FS_IMMUTABLE_FL belongs in fileattr.flags, not fileattr.fsx_xflags: here 0x10 means FS_XFLAG_APPEND [misbehaves] [flagspace-wrong-field]
  inode->i_mode |= S_IMMUTABLE;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: S_IMMUTABLE belongs in inode.i_flags, not inode.i_mode: here 0x8 means S_IXGRP [misbehaves] [flagspace-wrong-field]
}

void kiocb_fields(struct kiocb *ki) {
  ki->ki_flags |= O_DIRECT;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_DIRECT is from the O_* namespace, not IOCB_* or RWF_*: in kiocb.ki_flags 0x4000 matches no IOCB_* or RWF_* flag and is ignored; it would work by accident on powerpc64; use IOCB_DIRECT [ignored] [flagspace-wrong-namespace]
  // CHECK-FIXES: ki->ki_flags |= IOCB_DIRECT;
  ki->ki_flags |= O_APPEND;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_APPEND is from the O_* namespace, not IOCB_* or RWF_*: in kiocb.ki_flags 0x400 matches no IOCB_* or RWF_* flag and is ignored; use RWF_APPEND; or IOCB_APPEND [ignored] [flagspace-wrong-namespace]
}

void open_flags_fields(struct open_flags *op) {
  op->lookup_flags = AT_SYMLINK_NOFOLLOW;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not LOOKUP_*: in open_flags.lookup_flags 0x100 means LOOKUP_OPEN; use O_NOFOLLOW in open_flags.open_flag [misbehaves] [flagspace-wrong-namespace]
  op->open_flag = LOOKUP_FOLLOW;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: LOOKUP_FOLLOW belongs in open_flags.lookup_flags, not open_flags.open_flag: here 0x1 means O_WRONLY [misbehaves] [flagspace-wrong-field]
  op->intent = O_CREAT;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_CREAT belongs in open_flags.open_flag, not open_flags.intent: here 0x40 means LOOKUP_RCU and is ignored [ignored] [flagspace-wrong-field]
  op->lookup_flags = O_DIRECTORY;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_DIRECTORY belongs in open_flags.open_flag, not open_flags.lookup_flags: here 0x10000 means LOOKUP_NO_SYMLINKS [misbehaves] [flagspace-wrong-field]
}

// Correct kernel code: nothing may be reported below.
int correct_file(struct file *file) {
  int n = 0;
  if (file->f_mode & FMODE_WRITE)
    n++;
  if (file->f_flags & O_NONBLOCK)
    n++;
  if ((file->f_flags & O_ACCMODE) == O_RDONLY)
    n++;
  // The deliberate mix: __FMODE_EXEC and __FMODE_NONOTIFY in open flags.
  file->f_flags |= __FMODE_EXEC | O_LARGEFILE;
  file->f_flags |= __FMODE_NONOTIFY;
  file->f_flags &= ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC);
  file->f_mode |= FMODE_LSEEK | FMODE_NOWAIT;
  file->f_mode &= ~FMODE_PATH;
  // alloc_empty_file(): the kernel's translation of open flags.
  file->f_flags = n;
  file->f_mode = OPEN_FMODE(n);
  return n;
}

void correct_mount(struct super_block *sb, struct vfsmount *mnt, int flags) {
  sb->s_flags |= SB_RDONLY | SB_SILENT;
  sb->s_flags &= ~SB_POSIXACL;
  sb->s_iflags |= SB_I_NOEXEC;
  mnt->mnt_flags = MNT_NOSUID | MNT_NODEV;
  mnt->mnt_flags &= ~MNT_ATIME_MASK;
  if (mnt->mnt_flags & MNT_READONLY)
    return;
  // path_mount's translation: the test reads the MS_ flags.
  if (flags & MS_RDONLY)
    mnt->mnt_flags |= MNT_READONLY;
}

void correct_inode(struct inode *inode, struct fileattr *fa) {
  inode->i_flags |= S_IMMUTABLE | S_SYNC;
  inode->i_flags &= ~S_APPEND;
  fa->flags = FS_IMMUTABLE_FL | FS_APPEND_FL;
  fa->fsx_xflags = FS_XFLAG_IMMUTABLE;
  inode->i_mode = S_IFREG | 0644;
  // A filesystem's translation (ext4_set_inode_flags).
  if (fa->flags & FS_IMMUTABLE_FL)
    inode->i_flags |= S_IMMUTABLE;
}

void correct_kiocb(struct kiocb *ki, int flags) {
  ki->ki_flags |= IOCB_WRITE | IOCB_DIRECT | IOCB_APPEND;
  // The deliberate mix: IOCB_HIPRI..IOCB_APPEND are the RWF_ values, and
  // kiocb_set_rw_flags() stores the checked RWF_ flags as they are.
  ki->ki_flags |= flags & RWF_SUPPORTED;
  ki->ki_flags |= RWF_HIPRI;
  if (ki->ki_flags & IOCB_HIPRI)
    return;
}

// build_open_flags(): open_how's uapi flags translated into open_flags.
void correct_open_flags(struct open_flags *op, const struct open_how *how) {
  int flags = how->flags;
  int lookup_flags = 0;
  if (how->flags & O_PATH)
    flags &= O_DIRECTORY | O_NOFOLLOW | O_PATH;
  if (how->resolve & RESOLVE_NO_XDEV)
    lookup_flags |= LOOKUP_NO_XDEV;
  if (how->resolve & RESOLVE_BENEATH)
    lookup_flags |= LOOKUP_BENEATH;
  if (flags & O_DIRECTORY)
    lookup_flags |= LOOKUP_DIRECTORY;
  if (!(flags & O_NOFOLLOW))
    lookup_flags |= LOOKUP_FOLLOW;
  op->open_flag = flags;
  op->lookup_flags = lookup_flags;
  op->intent = LOOKUP_OPEN | LOOKUP_CREATE;
  op->open_flag |= __FMODE_NONOTIFY;
}
