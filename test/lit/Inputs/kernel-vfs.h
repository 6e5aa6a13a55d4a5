/* kernel-vfs.h: stand-ins for the Linux 6.1 VFS declarations the kernel
 * profile's lit tests use (include/linux/fs.h, mount.h, namei.h, fileattr.h,
 * fs/internal.h), spelled as the kernel spells them. The uapi flags come
 * from the installed headers, as in a kernel build. */
#ifndef KERNEL_VFS_H
#define KERNEL_VFS_H

#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/openat2.h>
#include <linux/stat.h>

#define __user
#define __force
typedef unsigned int fmode_t;
typedef unsigned short umode_t;
typedef unsigned int u32;
#define BIT(n) (1UL << (n))

#define FMODE_READ		((__force fmode_t)0x1)
#define FMODE_WRITE		((__force fmode_t)0x2)
#define FMODE_LSEEK		((__force fmode_t)0x4)
#define FMODE_EXEC		((__force fmode_t)0x20)
#define FMODE_PATH		((__force fmode_t)0x4000)
#define FMODE_NONOTIFY		((__force fmode_t)0x4000000)
#define FMODE_NOWAIT		((__force fmode_t)0x8000000)
#define __FMODE_EXEC		((__force int) FMODE_EXEC)
#define __FMODE_NONOTIFY	((__force int) FMODE_NONOTIFY)
#define OPEN_FMODE(flag) ((__force fmode_t)(((flag + 1) & O_ACCMODE) | \
					    (flag & __FMODE_NONOTIFY)))

#define SB_RDONLY	BIT(0)
#define SB_NOSUID	BIT(1)
#define SB_SILENT	BIT(15)
#define SB_POSIXACL	BIT(16)
#define SB_I_NOEXEC	0x00000002

#define MNT_NOSUID	0x01
#define MNT_NODEV	0x02
#define MNT_READONLY	0x40
#define MNT_ATIME_MASK	(0x08 | 0x10 | 0x20)

#define S_SYNC		(1 << 0)
#define S_APPEND	(1 << 2)
#define S_IMMUTABLE	(1 << 3)

#define IOCB_HIPRI	(__force int) RWF_HIPRI
#define IOCB_DSYNC	(__force int) RWF_DSYNC
#define IOCB_APPEND	(__force int) RWF_APPEND
#define IOCB_DIRECT	(1 << 17)
#define IOCB_WRITE	(1 << 18)

#define LOOKUP_FOLLOW		0x0001
#define LOOKUP_DIRECTORY	0x0002
#define LOOKUP_AUTOMOUNT	0x0004
#define LOOKUP_EMPTY		0x4000
#define LOOKUP_OPEN		0x0100
#define LOOKUP_CREATE		0x0200
#define LOOKUP_EXCL		0x0400
#define LOOKUP_NO_XDEV		0x040000
#define LOOKUP_BENEATH		0x080000

struct path;
struct dentry;
struct vfsmount_dummy;
struct cred;
struct kstat;
struct filename;

struct file {
	fmode_t f_mode;
	unsigned int f_flags;
};
struct super_block {
	unsigned long s_flags;
	unsigned long s_iflags;
};
struct vfsmount {
	struct dentry *mnt_root;
	int mnt_flags;
};
struct inode {
	umode_t i_mode;
	unsigned int i_flags;
};
struct fileattr {
	u32 flags;
	u32 fsx_xflags;
};
struct kiocb {
	struct file *ki_filp;
	int ki_flags;
};
struct open_flags {
	int open_flag;
	umode_t mode;
	int acc_mode;
	int intent;
	int lookup_flags;
};

int user_path_at_empty(int, const char __user *, unsigned, struct path *,
		       int *empty);
static inline int user_path_at(int dfd, const char __user *name,
			       unsigned flags, struct path *path)
{
	return user_path_at_empty(dfd, name, flags, path, 0);
}
int kern_path(const char *, unsigned, struct path *);
struct dentry *kern_path_create(int, const char *, struct path *, unsigned int);
struct dentry *user_path_create(int, const char __user *, struct path *,
				unsigned int);
int filename_lookup(int dfd, struct filename *name, unsigned flags,
		    struct path *path, struct path *root);
int vfs_path_lookup(struct dentry *, struct vfsmount *, const char *,
		    unsigned int, struct path *);
struct filename *getname_flags(const char __user *, int, int *);
struct file *filp_open(const char *, int, umode_t);
struct file *file_open_name(struct filename *, int, umode_t);
struct file *file_open_root(const struct path *, const char *, int, umode_t);
struct file *dentry_open(const struct path *, int, const struct cred *);
long do_sys_open(int dfd, const char __user *filename, int flags,
		 umode_t mode);
int vfs_fstatat(int dfd, const char __user *filename, struct kstat *stat,
		int flags);
/* static in fs/stat.c */
int vfs_statx(int dfd, struct filename *filename, int flags,
	      struct kstat *stat, unsigned int request_mask);
int do_statx(int dfd, struct filename *filename, unsigned int flags,
	     unsigned int mask, void __user *buffer);
int do_linkat(int olddfd, struct filename *old, int newdfd,
	      struct filename *new, int flags);
int do_renameat2(int olddfd, struct filename *oldname, int newdfd,
		 struct filename *newname, unsigned int flags);
int do_unlinkat(int dfd, struct filename *name);
int do_rmdir(int dfd, struct filename *name);
/* static in fs/exec.c */
struct file *do_open_execat(int fd, struct filename *name, int flags);
int do_execveat(int fd, struct filename *filename,
		const char __user *const __user *argv,
		const char __user *const __user *envp, int flags);
/* static in fs/open.c */
long do_faccessat(int dfd, const char __user *filename, int mode, int flags);
int do_fchownat(int dfd, const char __user *filename, unsigned user,
		unsigned group, int flag);
long do_utimes(int dfd, const char __user *filename, void *times, int flags);
long do_mount(const char *, const char __user *, const char *, unsigned long,
	      void *);
int path_mount(const char *dev_name, struct path *path,
	       const char *type_page, unsigned long flags, void *data_page);

#endif
