/* share_scan.h: what share_sound needs of one file's text: the names it
 * spells, defines, tests and uses, with their lines. */
#ifndef FS_SHARE_SCAN_H
#define FS_SHARE_SCAN_H

#include <stdint.h>

#include "share.h"

enum { SHARE_DEFINES, SHARE_UNDEFINES, SHARE_TESTS };

typedef struct share_mark {
	char *name;
	size_t line;
	int kind;
	char *body;		/* a #define's replacement (NULL: none) */
	uint64_t cond;		/* the conditional branches it is in, by
				   their text (0: none) */
	int fallback;		/* a #define X right inside #ifndef X */
} share_mark;

typedef struct share_text_scan {
	char *path;
	int readable;
	strset ids;		/* every identifier -> its first line */
	strset uses;		/* the names it expands: in code, #if
				   expressions (not defined's operand),
				   computed #includes -> first line */
	AUDIT_VEC(share_mark) marks;	/* directives, in order */
	strset includes;	/* its #include names ("../" dropped) ->
				   the first line naming each */
	strset include_bases;	/* their last components */
	size_t computed;	/* the line of its first #include MACRO, or 0 */
	size_t last_include;	/* the line of its last #include, or 0 */
	strset plain;		/* names it #defines whenever it is read (in
				   no branch but its include guard's) and
				   never #undefs -> the line */
	/* While scanning: the branches open, each hashed with those around
	 * it, and the name each #ifndef tests; the include guard's. */
	uint64_t conds[64], ifndef[64], guard;
	size_t depth, directives;
	int guard_ok;		/* #ifndef X then #define X first */
	struct share_scan_ids *idv;	/* share_ids.h, made on first use */
} share_text_scan;

typedef AUDIT_VEC(share_text_scan *) share_scan_vec;

/* Reads text into *s (zeroed first; s->path stays NULL). Returns 0, or
 * -1 when out of memory. */
int share_scan_text(share_text_scan *s, const char *text, size_t len);
/* Frees what *s holds (s itself stays). */
void share_scan_release(share_text_scan *s);
/* The line of s's first #include whose name is a '/'-ended tail of
 * path (#include <linux/fs.h> names .../include/linux/fs.h), or
 * STRSET_NONE. */
size_t share_names_file(const share_text_scan *s, const char *path);
/* The scan of `path`, read on first use (readable 0 when it cannot be);
 * NULL when out of memory. */
share_text_scan *share_files_get(share_files *f, const char *path);

#endif
