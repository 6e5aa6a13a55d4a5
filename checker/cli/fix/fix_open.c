/* fix_open.c: opens a file a fix-it edits, inside the audited tree only:
 * its folder is reached from the root one name at a time without
 * following a symbolic link, the file itself is not followed, and what
 * was opened must be the file that was checked by its path. Whatever a
 * cache entry or a clang-tidy run names, nothing outside is written. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fix.h"

/* The folder holding `rel` (a resolved path under `root`: no "..", no
 * symbolic link) opened from root one name at a time with O_NOFOLLOW, so
 * that a folder swapped for a link since the path was resolved fails
 * (ELOOP or ENOTDIR) instead of leading out. Returns its fd, or -1. */
static int open_dir_beneath(const char *root, const char *rel,
			    const char **name)
{
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	const char *p = rel, *slash;
	char part[NAME_MAX + 1];

	while (fd >= 0 && (slash = strchr(p, '/'))) {
		size_t n = (size_t)(slash - p);
		int next = -1, err = ENAMETOOLONG;

		if (n <= NAME_MAX) {
			memcpy(part, p, n);
			part[n] = '\0';
			next = openat(fd, part, O_RDONLY | O_DIRECTORY |
				      O_NOFOLLOW | O_CLOEXEC);
			err = errno;
		}
		close(fd);
		errno = err;
		fd = next;
		p = slash + 1;
	}
	*name = p;
	return fd;
}

/* What the opened file must be: the one checked, a regular file with one
 * link, writable by its owner. Root bypasses access(2), so the mode bits
 * are read: a 0444 file is left alone, whoever runs the audit. */
static int check_opened(const fix_target *t, const struct stat *checked,
			char *why, size_t size)
{
	const struct stat *st = &t->st;

	if (st->st_dev != checked->st_dev || st->st_ino != checked->st_ino)
		return cli_set_why(why, size, "it was replaced while it was "
				   "being fixed");
	if (!S_ISREG(st->st_mode))
		return cli_set_why(why, size, "it is not a regular file");
	if (st->st_nlink > 1)
		return cli_set_why(why, size, "it has %lu hard links, which "
				   "the rename would split",
				   (unsigned long)st->st_nlink);
	if (!(st->st_mode & S_IWUSR))
		return cli_set_why(why, size, "it is read-only (mode %04o)",
				   (unsigned)(st->st_mode & 07777));
	if (faccessat(t->dirfd, t->name, W_OK, 0))
		return cli_set_why(why, size, "it is not writable: %s",
				   cli_strerror(errno));
	return 0;
}

/* Checks `path` by name: a regular file (not a symbolic link) whose real
 * path is under root; t->real and t->name set. */
static int check_path(const char *root, const char *path, fix_target *t,
		      struct stat *checked, char *why, size_t size)
{
	const char *rel;

	if (lstat(path, checked) || !realpath(path, t->real))
		return cli_set_why(why, size, "cannot read it: %s",
				   cli_strerror(errno));
	if (S_ISLNK(checked->st_mode))
		return cli_set_why(why, size, "it is a symbolic link");
	if (!S_ISREG(checked->st_mode))
		return cli_set_why(why, size, "it is not a regular file");
	if (!(rel = audit_tree_rel(root, t->real)) || !*rel)
		return cli_set_why(why, size, "it is outside the audited "
				   "tree '%s' (--root)", root);
	t->rel = rel;
	return 0;
}

int fix_open(const char *root, const char *path, fix_target *t, char *why,
	     size_t size)
{
	struct stat checked;
	const char *slash;

	t->dirfd = t->fd = -1;
	if (check_path(root, path, t, &checked, why, size))
		return -1;
	slash = strrchr(t->real, '/');
	snprintf(t->dir, sizeof(t->dir), "%.*s",
		 slash == t->real ? 1 : (int)(slash - t->real), t->real);
	if ((t->dirfd = open_dir_beneath(root, t->rel, &t->name)) < 0)
		return cli_set_why(why, size, "a folder on its path changed "
				   "since it was checked: %s",
				   cli_strerror(errno));
	t->fd = openat(t->dirfd, t->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
		       O_CLOEXEC);
	if (t->fd < 0 || fstat(t->fd, &t->st))
		return cli_set_why(why, size, "cannot open it: %s%s",
				   cli_strerror(errno), errno == ELOOP ?
				   " (it became a symbolic link)" : "");
	return check_opened(t, &checked, why, size);
}

void fix_close(fix_target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	if (t->dirfd >= 0)
		close(t->dirfd);
	t->fd = t->dirfd = -1;
}
