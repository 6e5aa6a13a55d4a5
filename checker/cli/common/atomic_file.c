/* atomic_file.c: replaces a file so that it is, at every moment, either
 * all old or all new: a temporary file beside it, synced, then renamed
 * over it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cli.h"
#include "interrupt.h"

static int write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The file's directory is synced too, so that the rename survives a
 * crash; a file system that cannot sync a directory is not an error. */
static void sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

static int same_file_state(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* A new file's mode: what open(2) with 0666 would give. */
static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* Fills the temporary file `fd` with `s`, the old file's mode and owner
 * (or a new file's mode), and syncs it. */
static int fill_temp(int fd, const struct stat *old, const char *s,
		     size_t n, char *why, size_t size)
{
	if (write_all(fd, s, n))
		return cli_set_why(why, size, "cannot write its new contents: "
				   "%s", cli_strerror(errno));
	if (fchmod(fd, old ? old->st_mode & 07777 : new_file_mode()))
		return cli_set_why(why, size, "cannot give the new file its "
				   "mode: %s", cli_strerror(errno));
	if (old && (old->st_uid != geteuid() || old->st_gid != getegid()) &&
	    fchown(fd, old->st_uid, old->st_gid))
		return cli_set_why(why, size, "cannot give the new file its "
				   "owner: %s", cli_strerror(errno));
	if (fsync(fd))
		return cli_set_why(why, size, "cannot sync its new contents: "
				   "%s", cli_strerror(errno));
	return 0;
}

int atomic_replace(const char *path, const struct stat *old, int unchanged,
		   const char *s, size_t n, char *why, size_t size)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX], tmp[PATH_MAX];
	struct stat now;
	int fd, res;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	if (!dir[0])
		strcpy(dir, "/");
	snprintf(tmp, sizeof(tmp), "%s/.%s.flagspace-XXXXXX", dir,
		 slash ? slash + 1 : path);
	/* An interrupt removes the temporary file from the moment it exists. */
	interrupt_block();
	if ((fd = mkstemp(tmp)) < 0) {
		interrupt_unblock();
		return cli_set_why(why, size, "cannot create a temporary file "
				   "in '%s': %s", dir, cli_strerror(errno));
	}
	interrupt_set_temp_file(tmp);
	interrupt_unblock();
	res = fill_temp(fd, old, s, n, why, size);
	if (close(fd) && !res)
		res = cli_set_why(why, size, "cannot write its new contents: "
				  "%s", cli_strerror(errno));
	/* The last look before the rename: a write since it was read. */
	if (!res && old && unchanged &&
	    (lstat(path, &now) || !same_file_state(old, &now)))
		res = cli_set_why(why, size, "it changed since it was analysed");
	if (!res && rename(tmp, path))
		res = cli_set_why(why, size, "cannot rename the new file over "
				  "it: %s", cli_strerror(errno));
	if (res)
		unlink(tmp);
	interrupt_set_temp_file(NULL);
	if (!res)
		sync_dir(dir);
	return res;
}
