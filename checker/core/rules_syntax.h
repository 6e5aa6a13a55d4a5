/* rules_syntax.h: the parts of a word: lists, PARAM(POS), ACCEPTED, when=. */
#ifndef FS_RULES_SYNTAX_H
#define FS_RULES_SYNTAX_H

#include "rules_reader.h"

/* A piece of a line: its bytes and the column of the first one. */
typedef struct fs_span {
	const char *s;
	size_t n;
	size_t col;
} fs_span;

/* Each parser returns 0, or -1 after reporting an error at the column of
 * the offending part (or after running out of memory). Results live in
 * the rule set's arena. */

/* A name ([A-Za-z_][A-Za-z0-9_]*); `what` names it in the error. */
int fs_syntax_name(fs_reader *rd, fs_span sp, const char *what,
		   fs_word *out);
/* NAME[,NAME...] */
int fs_syntax_names(fs_reader *rd, fs_span sp, const char *what,
		    fs_words *out);
/* Names separated by `sep`. */
int fs_syntax_name_list(fs_reader *rd, fs_span sp, char sep,
			const char *what, fs_words *out);
/* NAME(POS) */
int fs_syntax_param(fs_reader *rd, fs_span sp, fs_param *out);
/* The same, or PARAM(*): the position FS_ANY_POS */
int fs_syntax_param_any(fs_reader *rd, fs_span sp, fs_param *out);
/* `-`, `0`, or NS[:MEMBER,...] forms joined by `|` */
int fs_syntax_accept(fs_reader *rd, fs_span sp, fs_accept *out);
/* PARAM(POS):NAME[,NAME...], the names sorted */
int fs_syntax_when(fs_reader *rd, fs_span sp, fs_param *param,
		   fs_words *names);
/* A copy of the span in the arena, or NULL after noting out of memory. */
const char *fs_syntax_copy(fs_reader *rd, fs_span sp);

#endif
