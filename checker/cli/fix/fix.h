/* fix.h: fix-its (each finding's, read with it from clang-tidy's
 * --export-fixes: collect/), and writing them into a file without ever
 * losing its contents. */
#ifndef FS_FIX_H
#define FS_FIX_H

#include <stddef.h>
#include <stdint.h>
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

/* Applies `edits` (sorted by offset, not overlapping, all in `path`) to
 * `path` when its contents still hash to `hash`: the new contents go to a
 * temporary file in the same directory, which gets the mode and owner of
 * the old one, is synced, and renamed over it. Returns 0, or -1 with a
 * reason in `why` ("it changed since it was analysed"); the file is then
 * untouched. */
int fix_apply_file(const char *path, const fix_edit *const *edits, size_t n,
		   uint64_t hash, char *why, size_t why_size);

#endif
