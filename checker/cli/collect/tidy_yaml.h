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

/* Reads the YAML (the subset LLVM's YAML writer produces: block mappings
 * and sequences, plain, single- and double-quoted scalars). Unknown keys
 * are skipped; a diagnostic without name or message is dropped, as is a
 * fix-it with an incomplete edit. Returns 0, or -1 when out of memory. */
int tidy_yaml_parse(const char *text, tidy_diags *out);
void tidy_diags_free(tidy_diags *d);

#endif
