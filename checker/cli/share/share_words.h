/* share_words.h: reading a unit's command for the shared-headers stage. */
#ifndef FS_SHARE_WORDS_H
#define FS_SHARE_WORDS_H

#include <stddef.h>
#include <stdio.h>

#include "audit.h"

typedef struct share_words {
	const char **words;	/* into the unit's args; the array malloc'd */
	size_t n;
} share_words;

/* The words tu's run gets (command_filter.h), `program` in place of the
 * compiler when not NULL. Returns 0, or -1 when out of memory. */
int share_words_of(const audit *a, const audit_tu *tu, const char *program,
		   share_words *w);
void share_words_free(share_words *w);

typedef enum share_word_kind {
	SHARE_WORD_OTHER,
	SHARE_WORD_FILE,	/* the unit's own file */
	SHARE_WORD_MACRO,	/* -D or -U */
	SHARE_WORD_FORCED,	/* -include, -imacros */
} share_word_kind;

typedef struct share_word {
	share_word_kind kind;
	size_t words;		/* how many words it takes */
	const char *value;	/* a macro's NAME[=v], a forced file */
} share_word;

/* What word i of w (tu's) is. */
share_word share_word_at(const audit_tu *tu, const share_words *w, size_t i);
/* The one spelling of a -D/-U word ("-DX=1"), into out. */
void share_macro_word(const share_words *w, size_t i, const share_word *s,
		      char *out, size_t size);

#endif
