/* atomic_file.c: replaces a file so that it is, at every moment, either
 * all old or all new: a temporary file beside it, synced, then renamed
 * over it. The directory is synced too, so that the rename survives a
 * crash; a file system that cannot sync a directory is not an error. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

/* Creates .<name>.flagspace-XXXXXX in dirfd (mkstemp's names, which
 * cache_evict and interrupts know), its name in tmp. Returns its fd or
 * -1. */
static int make_temp_at(int dirfd, const char *name, char *tmp, size_t size)
{
	static const char chars[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	struct timespec t;
	uint64_t r;
	int fd = -1;

	clock_gettime(CLOCK_REALTIME, &t);
	r = (uint64_t)t.tv_nsec * 2654435761u ^ (uint64_t)getpid() << 20;
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		char suffix[7];

		for (int i = 0; i < 6; i++, r /= 62)
			suffix[i] = chars[r % 62];
		suffix[6] = '\0';
		r = r * 6364136223846793005u + 1442695040888963407u;
		snprintf(tmp, size, ".%s.flagspace-%s", name, suffix);
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
			    O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	return fd;
}

/* Writes the new contents to a temporary file in dirfd and renames it
 * over `name` there; `dir` names dirfd in messages and for an interrupt,
 * which removes the temporary file. */
static int replace_at(int dirfd, const char *dir, const char *name,
		      const struct stat *old, int unchanged, const char *s,
		      size_t n, char *why, size_t size)
{
	char tmp[NAME_MAX + 1], shown[PATH_MAX + NAME_MAX + 2];
	struct stat now;
	int fd, res;

	/* An interrupt removes the temporary file from the moment it exists. */
	interrupt_block();
	if ((fd = make_temp_at(dirfd, name, tmp, sizeof(tmp))) < 0) {
		interrupt_unblock();
		return cli_set_why(why, size, "cannot create a temporary file "
				   "in '%s': %s", dir, cli_strerror(errno));
	}
	snprintf(shown, sizeof(shown), "%s/%s", dir, tmp);
	interrupt_set_temp_file(shown);
	interrupt_unblock();
	res = fill_temp(fd, old, s, n, why, size);
	if (close(fd) && !res)
		res = cli_set_why(why, size, "cannot write its new contents: "
				  "%s", cli_strerror(errno));
	/* The last look before the rename: a write since it was read. */
	if (!res && old && unchanged &&
	    (fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) ||
	     !same_file_state(old, &now)))
		res = cli_set_why(why, size, "it changed since it was analysed");
	if (!res && renameat(dirfd, tmp, dirfd, name))
		res = cli_set_why(why, size, "cannot rename the new file over "
				  "it: %s", cli_strerror(errno));
	if (res)
		unlinkat(dirfd, tmp, 0);
	interrupt_set_temp_file(NULL);
	if (!res)
		fsync(dirfd);
	return res;
}

int atomic_replace_at(int dirfd, const char *dir, const char *name,
		      const struct stat *old, const char *s, size_t n,
		      char *why, size_t size)
{
	return replace_at(dirfd, dir, name, old, 1, s, n, why, size);
}

int atomic_replace(const char *path, const struct stat *old, const char *s,
		   size_t n, char *why, size_t size)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int dirfd, res;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	if (!dir[0])
		strcpy(dir, "/");
	if ((dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return cli_set_why(why, size, "cannot create a temporary file "
				   "in '%s': %s", dir, cli_strerror(errno));
	res = replace_at(dirfd, dir, slash ? slash + 1 : path, old, 0, s, n,
			 why, size);
	close(dirfd);
	return res;
}
