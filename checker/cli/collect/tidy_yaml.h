/* tidy_yaml.h: a clang-tidy run as its --export-fixes YAML says it:
 * every diagnostic, with its level, notes and fix-it. */
#ifndef FS_TIDY_YAML_H
#define FS_TIDY_YAML_H

#include <stddef.h>

#include "audit.h"

/* Paths are as clang-tidy wrote them: relative to the diagnostic's
 * build_dir when not absolute; "" when it has no place. */
typedef struct tidy_note {
	char *message, *file;
	size_t offset;
} tidy_note;

typedef struct tidy_diag {
	char *check, *message, *file, *build_dir;
	char *level;		/* "Warning", "Error", "Remark" */
	size_t offset;
	fix_edits edits;	/* the fix-it (not its notes': -fix does not
				   apply them either) */
	AUDIT_VEC(tidy_note) notes;
} tidy_diag;

typedef AUDIT_VEC(tidy_diag) tidy_diags;

/* Reads the YAML `text` of `len` bytes (libyaml: all of YAML 1.1, one
 * document or more) into *out, empty before. Unknown keys are skipped
 * whatever they hold; a diagnostic without name or message is dropped, as
 * is a fix-it with an incomplete edit. Returns 0; 1 when it is not YAML,
 * or a key read holds another kind of node than clang-tidy writes there
 * (or an alias, a NUL character, a count of bytes that is not digits),
 * with "line:col: what" in `why` (from 1, in characters) and *out left
 * empty; -1 when out of memory. */
int tidy_yaml_parse(const char *text, size_t len, tidy_diags *out,
		    char *why, size_t why_size);
void tidy_diags_free(tidy_diags *d);

#endif
