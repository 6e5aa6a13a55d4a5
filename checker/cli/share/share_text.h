/* share_text.h: a file's text as the preprocessor reads its lines, for
 * share_guard.c and share_sound.c: splices joined, comments made a space,
 * each line still on its own line number. */
#ifndef FS_SHARE_TEXT_H
#define FS_SHARE_TEXT_H

#include <stddef.h>

#include "share.h"

/* The text after translation phases 2 and 3: a backslash-newline joins
 * two lines and a comment is one space, but the newlines they remove come
 * back after the logical line, so a line keeps its number. String and
 * character literals are kept whole (C, no raw strings). NUL-terminated,
 * malloc'd; NULL when out of memory. */
char *share_text_clean(const char *text, size_t len);

enum { SHARE_BLANK, SHARE_CODE, SHARE_DIRECTIVE };

/* One line of clean text. */
typedef struct share_line {
	size_t line;		/* from 1 */
	int kind;
	const char *word, *word_end;	/* a directive's name ("" for #) */
	const char *rest, *end;		/* after the name, to the newline */
} share_line;

/* Reads the line at *p into *l and moves *p past it; *line counts.
 * Returns 0 at the end of the text. */
int share_next_line(const char **p, size_t *line, share_line *l);
/* Whether [w, e) is `word`. */
int share_word_is(const char *w, const char *e, const char *word);
/* The next identifier of [*p, end) into [*w, *we), *p past it; 0 when
 * there is none. A number's letters (0x1f, 1UL) are no identifier. */
int share_next_ident(const char **p, const char *end, const char **w,
		     const char **we);

#endif
