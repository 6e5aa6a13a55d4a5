/* fix.h: fix-its: the ones clang-tidy exports (--export-fixes), and
 * writing them into a file without ever losing its contents. */
#ifndef FS_FIX_H
#define FS_FIX_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "audit.h"

/* Replace `length` bytes at byte `offset` of `file` with `text`. */
typedef struct fix_edit {
	char *file;
	size_t offset, length;
	char *text;
} fix_edit;

typedef AUDIT_VEC(fix_edit) fix_edits;

/* One diagnostic of the YAML with the fix-it clang-tidy attached to it
 * (not those of its notes: -fix does not apply them either). Paths are as
 * clang-tidy wrote them, relative to build_dir when not absolute. */
typedef struct fix_diag {
	char *check, *message, *file, *build_dir;
	size_t offset;
	fix_edits edits;
} fix_diag;

typedef AUDIT_VEC(fix_diag) fix_diags;

/* Reads clang-tidy's --export-fixes YAML (the subset LLVM's YAML writer
 * produces: block mappings and sequences, plain, single- and
 * double-quoted scalars). Unknown keys are skipped. Returns 0, or -1 when
 * out of memory. */
int fix_yaml_parse(const char *text, fix_diags *out);
void fix_diags_free(fix_diags *d);
void fix_edits_free(fix_edits *e);

/* The fix-its of an audit: each finding's, keyed as findings are, and
 * each file they edit as it was when analysed. */
typedef struct fix_item {
	char *file;
	unsigned line, col;
	char *check, *message;
	fix_edits edits;
	int with_errors;	/* from a clang-tidy run with compile errors:
				   applied only with --fix-errors */
} fix_item;

typedef struct fix_seen {
	char *file;
	uint64_t hash;		/* of its contents when first analysed */
	int changed;		/* written to during an analysis */
} fix_seen;

struct fix_store {
	AUDIT_VEC(fix_item) items;
	AUDIT_VEC(fix_seen) seen;
};

/* Adds the fix-its of one batch's YAML (clang-tidy run in `dir`, started
 * at `started`, wall-clock time) to a->fixes. A missing file adds none.
 * Returns 0, or -1 when out of memory. */
int audit_fix_collect(audit *a, const char *yaml_path, const char *dir,
		      const struct timespec *started);
/* The same for the YAML's text (a cached run's, cache/cache.c). */
int audit_fix_collect_text(audit *a, const char *text, const char *dir,
			   const struct timespec *started);
/* Applies the fix-its of the findings still in a->findings, file by file;
 * prints one line per file refused and a summary, on stderr. Returns
 * CLI_OK, or CLI_FAIL when some file was refused (audit_fix_apply.c). */
int audit_fix_apply(audit *a);
void fix_store_free(struct fix_store *s);
/* Whether `x` is the fix-it of finding `f` (same place, check, message). */
int fix_item_matches(const fix_item *x, const audit_finding *f);
/* What is known of `file` as analysed, or NULL when no fix-it edits it. */
fix_seen *fix_seen_of(struct fix_store *s, const char *file);
/* The fix-it of finding `f` (the first, if two analyses gave one), or
 * NULL when it has none. */
const fix_item *audit_fix_of(const audit *a, const audit_finding *f);
/* Adds a fix-it for the finding `f` (its edits are taken); for reports
 * read back. Returns 0, or -1 when out of memory. */
int audit_fix_add(audit *a, const audit_finding *f, fix_edits *edits);

/* Applies `edits` (sorted by offset, not overlapping, all in `path`) to
 * `path` when its contents still hash to `hash`: the new contents go to a
 * temporary file in the same directory, which gets the mode and owner of
 * the old one, is synced, and renamed over it. Returns 0, or -1 with a
 * reason in `why` ("it changed since it was analysed"); the file is then
 * untouched. */
int fix_apply_file(const char *path, const fix_edit *const *edits, size_t n,
		   uint64_t hash, char *why, size_t why_size);

#endif
