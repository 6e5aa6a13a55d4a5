/* rules_lex.h: the lexical form of rules files: lines, words, numbers. */
#ifndef FS_RULES_LEX_H
#define FS_RULES_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "rules_reader.h"

/* One blank-separated word. For `key=value` the key and the value (without
 * its quotes) are given apart; otherwise key is NULL. */
typedef struct fs_token {
	const char *text;
	size_t len;
	size_t col;
	const char *key;
	size_t key_len;
	const char *value;
	size_t value_len;
	size_t value_col;
} fs_token;

typedef struct fs_tokens {
	fs_token *items;
	size_t count;
	size_t cap;
} fs_tokens;

/* Walks a text line by line; the last line may lack its newline. */
typedef struct fs_line_iter {
	const char *text;
	size_t len;
	size_t off;
	size_t number;
} fs_line_iter;

/* Returns 1 and sets *line and *len (no newline), or 0 at the end. */
int fs_lex_next_line(fs_line_iter *it, const char **line, size_t *len);

/* Splits a line into words, dropping the comment. Returns 0, or -1 after
 * reporting an error (a stray byte or quote): the line is then skipped. */
int fs_lex_line(fs_reader *rd, const char *line, size_t len, fs_tokens *out);

/* [A-Za-z_][A-Za-z0-9_]* */
int fs_lex_is_name(const char *s, size_t n);
/* [A-Za-z0-9_]+, what may follow a namespace prefix */
int fs_lex_is_name_tail(const char *s, size_t n);

typedef enum fs_number {
	FS_NUMBER_OK,
	FS_NUMBER_SYNTAX,	/* not a C integer constant */
	FS_NUMBER_RANGE,	/* does not fit in int64_t */
} fs_number;

/* Reads a C integer constant with an optional '-' and u/l suffixes:
 * 0x1f, 0755, 12, -100. */
fs_number fs_lex_number(const char *s, size_t n, int64_t *out);

#endif
