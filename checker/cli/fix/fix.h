/* fix.h: fix-its (each finding's, read with it from clang-tidy's
 * --export-fixes: collect/), and writing them into a file without ever
 * losing its contents. */
#ifndef FS_FIX_H
#define FS_FIX_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

#include "audit.h"

typedef struct fix_seen {
	char *file;
	uint64_t hash;		/* of its contents when first analysed */
	int changed;		/* written to during an analysis */
} fix_seen;

/* The files fix-its edit, as they were analysed. */
struct fix_store {
	AUDIT_VEC(fix_seen) seen;
};

/* Applies the fix-its of the findings still in a->findings, file by file;
 * prints one line per file refused and a summary, on stderr. Returns
 * CLI_OK, or CLI_FAIL when some file was refused (audit_fix_apply.c). */
int audit_fix_apply(audit *a);
void fix_store_free(struct fix_store *s);
/* What is known of `file` as analysed, or NULL when no fix-it edits it. */
fix_seen *fix_seen_of(struct fix_store *s, const char *file);
void fix_edits_free(fix_edits *e);

/* A file being fixed, open inside the audited tree (fix_open.c). */
typedef struct fix_target {
	char real[PATH_MAX];	/* its real path */
	const char *rel;	/* in real: the part under the root */
	char dir[PATH_MAX];	/* its folder's real path */
	const char *name;	/* in real: its last name */
	int dirfd;		/* its folder, reached from the root */
	int fd;			/* the file, read-only */
	struct stat st;		/* the file, as opened */
} fix_target;

/* Opens `path` for fixing, when it is a regular file (not a symbolic
 * link) whose real path is under `root` (resolved): its folder is opened
 * from root one name at a time without following a symbolic link, the
 * file with O_NOFOLLOW, and the file opened must be the one checked by
 * path (device and inode), have one link and be writable, with its
 * owner's write bit set (root bypasses access(2)). Returns 0, or -1 with
 * the reason in `why` ("it is outside the audited tree '/src' (--root)",
 * "it is read-only (mode 0444)"); then call fix_close too. */
int fix_open(const char *root, const char *path, fix_target *t, char *why,
	     size_t why_size);
void fix_close(fix_target *t);

/* Applies `edits` (sorted by offset, not overlapping, all in `path`) to
 * `path` when it opens for fixing under `root` (fix_open) and its
 * contents still hash to `hash`: the new contents go to a temporary file
 * in the folder opened, which gets the mode and owner of the old one, is
 * synced, and is renamed over it there. Returns 0, or -1 with a reason in
 * `why` ("it changed since it was analysed"); the file is then
 * untouched. */
int fix_apply_file(const char *root, const char *path,
		   const fix_edit *const *edits, size_t n, uint64_t hash,
		   char *why, size_t why_size);

#endif
