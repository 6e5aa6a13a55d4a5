/* json_read.h: a JSON text as a tree (`merge` reads audit reports; the
 * compilation database is checked with it). */
#ifndef FS_JSON_READ_H
#define FS_JSON_READ_H

#include <stddef.h>

typedef enum json_kind {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
} json_kind;

typedef struct json_value {
	json_kind kind;
	int truth;			/* JSON_BOOL */
	double number;			/* JSON_NUMBER */
	char *string;			/* JSON_STRING, UTF-8 */
	struct json_value *items;	/* JSON_ARRAY, JSON_OBJECT values */
	char **keys;			/* JSON_OBJECT: keys[i] names items[i] */
	size_t count, cap;
	unsigned line, col;		/* where it starts, from 1 */
} json_value;

/* Parses `text`, `len` bytes followed by a NUL (as cli_read_all gives),
 * into *out. Returns 0, or -1 with a message in `err` and its place in
 * *line and *col (from 1; the column in bytes); *out is then partly filled
 * and must still be freed. Strings keep their bytes, UTF-8 or not; a lone
 * surrogate escape reads as U+FFFD; \u0000, a NUL byte, more than 64
 * levels of nesting and a number beyond a double are errors, so numbers
 * are finite. A leading byte order mark is skipped. */
int json_parse(const char *text, size_t len, json_value *out, char *err,
	       size_t size, unsigned *line, unsigned *col);
/* The value of `key` in an object (the first, if repeated), or NULL. */
const json_value *json_get(const json_value *obj, const char *key);
void json_free(json_value *v);

#endif
