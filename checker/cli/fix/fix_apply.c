/* fix_apply.c: writes fix-its into one file so that the file is, at every
 * moment, either all old or all new: a temporary file beside it, synced,
 * then renamed over it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "fix.h"
#include "interrupt.h"

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int refuse(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

/* The old contents with the edits made; NULL when out of memory. */
static char *edited(const char *old, size_t len, const fix_edit *const *e,
		    size_t n, size_t *new_len)
{
	size_t size = len + 1, at = 0, o = 0;
	char *s;

	for (size_t i = 0; i < n; i++)
		size += strlen(e[i]->text);
	if (!(s = malloc(size)))
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t t = strlen(e[i]->text);

		memcpy(s + o, old + at, e[i]->offset - at);
		o += e[i]->offset - at;
		memcpy(s + o, e[i]->text, t);
		o += t;
		at = e[i]->offset + e[i]->length;
	}
	memcpy(s + o, old + at, len - at);
	o += len - at;
	s[o] = '\0';
	*new_len = o;
	return s;
}

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

/* Fills the temporary file `fd` with `s` and the old file's mode and
 * owner, and syncs it. */
static int fill_temp(int fd, const struct stat *old, const char *s,
		     size_t n, char *why, size_t size)
{
	if (write_all(fd, s, n))
		return refuse(why, size, "cannot write its new contents: %s",
			      cli_strerror(errno));
	if (fchmod(fd, old->st_mode & 07777))
		return refuse(why, size, "cannot give the new file its mode: %s",
			      cli_strerror(errno));
	if ((old->st_uid != geteuid() || old->st_gid != getegid()) &&
	    fchown(fd, old->st_uid, old->st_gid))
		return refuse(why, size, "cannot give the new file its owner: "
			      "%s", cli_strerror(errno));
	if (fsync(fd))
		return refuse(why, size, "cannot sync its new contents: %s",
			      cli_strerror(errno));
	return 0;
}

static int replace_atomically(const char *path, const struct stat *old,
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
		return refuse(why, size, "cannot create a temporary file in "
			      "'%s': %s", dir, cli_strerror(errno));
	}
	interrupt_set_temp_file(tmp);
	interrupt_unblock();
	res = fill_temp(fd, old, s, n, why, size);
	if (close(fd) && !res)
		res = refuse(why, size, "cannot write its new contents: %s",
			     cli_strerror(errno));
	/* The last look before the rename: a write since it was read. */
	if (!res && (lstat(path, &now) || !same_file_state(old, &now)))
		res = refuse(why, size, "it changed since it was analysed");
	if (!res && rename(tmp, path))
		res = refuse(why, size, "cannot rename the new file over it: "
			     "%s", cli_strerror(errno));
	if (res)
		unlink(tmp);
	interrupt_set_temp_file(NULL);
	if (!res)
		sync_dir(dir);
	return res;
}

static int check_edits(const fix_edit *const *e, size_t n, size_t len,
		       char *why, size_t size)
{
	for (size_t i = 0; i < n; i++)
		if (e[i]->offset > len || e[i]->length > len - e[i]->offset)
			return refuse(why, size, "a fix lies past its end");
	return 0;
}

int fix_apply_file(const char *path, const fix_edit *const *edits, size_t n,
		   uint64_t hash, char *why, size_t why_size)
{
	struct stat st;
	size_t len, new_len;
	char *old, *new_text;
	int res;

	if (lstat(path, &st))
		return refuse(why, why_size, "cannot read it: %s",
			      cli_strerror(errno));
	if (!S_ISREG(st.st_mode))
		return refuse(why, why_size, "it is not a regular file");
	if (st.st_nlink > 1)
		return refuse(why, why_size, "it has %lu hard links, which "
			      "the rename would split",
			      (unsigned long)st.st_nlink);
	if (access(path, W_OK))
		return refuse(why, why_size, "it is not writable: %s",
			      cli_strerror(errno));
	if (!(old = cli_read_all(path, &len)))
		return refuse(why, why_size, "cannot read it: %s",
			      cli_strerror(errno));
	if (cli_hash(old, len) != hash)
		res = refuse(why, why_size, "it changed since it was analysed");
	else if (!(res = check_edits(edits, n, len, why, why_size))) {
		new_text = edited(old, len, edits, n, &new_len);
		res = new_text ? replace_atomically(path, &st, new_text,
						    new_len, why, why_size)
			       : refuse(why, why_size, "out of memory");
		free(new_text);
	}
	free(old);
	return res;
}
