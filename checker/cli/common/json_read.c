/* json_read.c: reads a JSON text into a tree (RFC 8259), for `merge`,
 * which reads audit reports back, and for the compilation database's
 * checks. Errors name the line and column (in bytes) of what is wrong.
 *
 * Why not libyaml, which reads clang-tidy's YAML (collect/tidy_yaml.c)
 * and the JSON that CMake and bear write: as a YAML parser it accepts
 * what is not JSON without a word (comments, unquoted words and keys,
 * trailing commas, leading zeros, tabs in strings), and says where a
 * string left open ends, not where it starts to go wrong. Nor is it
 * faster: on a 50,000-entry compile_commands.json (28 MB, CMake's and
 * bear's shapes), in CPU time, this reader takes 0.18-0.20 s to a tree,
 * libyaml 0.16-0.19 s for its events alone (no tree, no numbers) and
 * 0.34-0.40 s to its own tree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "base/count_of.h"

/* Deeper nesting than any report has is refused, not recursed into. */
enum { MAX_NESTING = 64 };

typedef struct reader {
	const char *p, *line_start;
	const char *end;	/* text + len: a NUL before it is an error */
	unsigned line;
	char *err;
	size_t err_size;
	unsigned *err_line, *err_col;
	int failed;
} reader;

static int fail(reader *r, const char *what)
{
	if (!r->failed) {
		/* where the reader stops at a NUL that is not the end */
		if (r->p < r->end && !*r->p)
			what = "a NUL byte, which JSON text does not hold";
		snprintf(r->err, r->err_size, "%s", what);
		*r->err_line = r->line;
		*r->err_col = (unsigned)(r->p - r->line_start) + 1;
		r->failed = 1;
	}
	return -1;
}

/* The error of what starts at `at`, earlier on the line than the reader. */
static int fail_at(reader *r, const char *at, const char *what)
{
	r->p = at;
	return fail(r, what);
}

static void skip_blanks(reader *r)
{
	for (;; r->p++) {
		if (*r->p == '\n') {
			r->line++;
			r->line_start = r->p + 1;
		} else if (*r->p != ' ' && *r->p != '\t' && *r->p != '\r') {
			return;
		}
	}
}

typedef struct str_buf {
	char *s;
	size_t len, cap;
} str_buf;

static int put(str_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = 2 * (b->len + n + 1) + 16;
		char *grown = realloc(b->s, cap);

		if (!grown)
			return -1;
		b->s = grown;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

static int hex4(const char *p, unsigned long *v)
{
	char digits[5] = { 0 };
	char *end;

	for (int i = 0; i < 4; i++) {
		if (!p[i] || !strchr("0123456789abcdefABCDEF", p[i]))
			return -1;
		digits[i] = p[i];
	}
	*v = strtoul(digits, &end, 16);
	return 0;
}

static int put_utf8(str_buf *b, unsigned long c)
{
	char u[4];
	size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
	static const unsigned char lead[] = { 0, 0, 0xc0, 0xe0, 0xf0 };

	for (size_t i = n; i-- > 1; c >>= 6)
		u[i] = (char)(0x80 | (c & 0x3f));
	u[0] = (char)(lead[n] | c);
	return put(b, u, n);
}

/* \uXXXX at the backslash, with a surrogate pair read as one character,
 * and a lone \udc80 to \udcff as the byte 0x80 to 0xff that a report
 * wrote so (json.c: a file name that is not UTF-8; Python's
 * surrogateescape). Another lone surrogate, which UTF-8 cannot hold,
 * reads as U+FFFD; \u0000 is refused, as no path, argument or message
 * holds it. */
static int unicode_escape(reader *r, str_buf *b)
{
	const char *at = r->p;
	unsigned long c, low;
	char byte;

	if (hex4(r->p + 2, &c))
		return fail(r, "expected four hex digits after \\u");
	r->p += 6;
	if (!c)
		return fail_at(r, at, "\\u0000 (a NUL character) in a string");
	if (c >= 0xd800 && c < 0xdc00 && r->p[0] == '\\' && r->p[1] == 'u' &&
	    !hex4(r->p + 2, &low) && low >= 0xdc00 && low < 0xe000) {
		c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
		r->p += 6;
	} else if (c >= 0xdc80 && c <= 0xdcff) {
		byte = (char)(c - 0xdc00);
		return put(b, &byte, 1) ? fail(r, "out of memory") : 0;
	} else if (c >= 0xd800 && c < 0xe000) {
		c = 0xfffd;
	}
	return put_utf8(b, c) ? fail(r, "out of memory") : 0;
}

/* An escape at its backslash. */
static int escape(reader *r, str_buf *b)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *at = r->p[1] ? strchr(from, r->p[1]) : NULL;

	if (r->p[1] == 'u')
		return unicode_escape(r, b);
	if (!at)
		return fail(r, "invalid escape in a string");
	r->p += 2;
	return put(b, &to[at - from], 1) ? fail(r, "out of memory") : 0;
}

/* Why a string stops at a byte that is not its closing quote. */
static void bad_string_byte(reader *r, const char *start, unsigned line)
{
	char what[96];

	if (*r->p)
		snprintf(what, sizeof(what), "a control character (byte 0x%02x) "
			 "in a string: write it as an escape",
			 (unsigned)(unsigned char)*r->p);
	else
		snprintf(what, sizeof(what), "the text ends in the string "
			 "that starts at %u:%u", line,
			 (unsigned)(start - r->line_start) + 1);
	fail(r, what);
}

/* A string at the opening quote; malloc'd. Its bytes are kept as they
 * are: a file name need not be UTF-8, and CMake writes it unchanged. */
static char *string(reader *r)
{
	str_buf b = { NULL, 0, 0 };
	const char *start = r->p;

	r->p++;
	if (put(&b, "", 0)) {
		fail(r, "out of memory");
		return NULL;
	}
	while (*r->p != '"') {
		const char *run = r->p;

		if ((unsigned char)*r->p < 0x20) {
			bad_string_byte(r, start, r->line);
			break;
		}
		if (*r->p == '\\' && !r->p[1]) {
			r->p++;		/* the text ends in the escape */
			continue;
		}
		if (*r->p == '\\') {
			if (escape(r, &b))
				break;
			continue;
		}
		while (*r->p && *r->p != '"' && *r->p != '\\' &&
		       (unsigned char)*r->p >= 0x20)
			r->p++;
		if (put(&b, run, (size_t)(r->p - run))) {
			fail(r, "out of memory");
			break;
		}
	}
	if (r->failed) {
		free(b.s);
		return NULL;
	}
	r->p++;
	return b.s;
}

static size_t digits(const char *p)
{
	size_t n = 0;

	while (p[n] >= '0' && p[n] <= '9')
		n++;
	return n;
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?: strtod alone would also
 * take "inf", "0x1p3" and "+1". */
static int number(reader *r, json_value *v)
{
	const char *p = r->p + (*r->p == '-');
	size_t n = digits(p);

	if (!n)
		return fail(r, p > r->p ? "expected a digit after '-'"
					: "expected a value");
	if (*p == '0' && n > 1)
		return fail(r, "a number with a leading zero");
	p += n;
	if (*p == '.') {
		if (!(n = digits(p + 1)))
			return fail(r, "expected a digit after '.'");
		p += 1 + n;
	}
	if (*p == 'e' || *p == 'E') {
		p += 1 + (p[1] == '+' || p[1] == '-');
		if (!(n = digits(p)))
			return fail(r, "expected a digit in the exponent");
		p += n;
	}
	v->kind = JSON_NUMBER;
	v->number = strtod(r->p, NULL);
	if (isinf(v->number))
		return fail(r, "a number too large for a double");
	r->p = p;
	return 0;
}

static int literal(reader *r, json_value *v)
{
	static const struct {
		const char *word;
		json_kind kind;
		int truth;
	} words[] = { { "true", JSON_BOOL, 1 }, { "false", JSON_BOOL, 0 },
		      { "null", JSON_NULL, 0 } };

	for (size_t i = 0; i < FS_COUNT_OF(words); i++)
		if (!strncmp(r->p, words[i].word, strlen(words[i].word))) {
			v->kind = words[i].kind;
			v->truth = words[i].truth;
			r->p += strlen(words[i].word);
			return 0;
		}
	return number(r, v);
}

static int value(reader *r, json_value *v, int depth);

static json_value *add_item(reader *r, json_value *v)
{
	json_value *item;

	if (v->count == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 8;
		json_value *items = realloc(v->items, cap * sizeof(*items));
		char **keys = v->kind == JSON_OBJECT
				      ? realloc(v->keys, cap * sizeof(*keys))
				      : NULL;

		if (items)
			v->items = items;
		if (keys)
			v->keys = keys;
		if (!items || (v->kind == JSON_OBJECT && !keys)) {
			fail(r, "out of memory");
			return NULL;
		}
		v->cap = cap;
	}
	item = &v->items[v->count];
	memset(item, 0, sizeof(*item));
	if (v->kind == JSON_OBJECT)
		v->keys[v->count] = NULL;
	v->count++;
	return item;
}

/* The members of an array or object, after its opening bracket. */
static int members(reader *r, json_value *v, int depth)
{
	char close = v->kind == JSON_OBJECT ? '}' : ']';

	skip_blanks(r);
	if (*r->p == close) {
		r->p++;
		return 0;
	}
	for (;;) {
		json_value *item = add_item(r, v);

		if (!item)
			return -1;
		skip_blanks(r);
		if (v->kind == JSON_OBJECT) {
			if (*r->p != '"')
				return fail(r, "expected a string key");
			if (!(v->keys[v->count - 1] = string(r)))
				return -1;
			skip_blanks(r);
			if (*r->p != ':')
				return fail(r, "expected ':'");
			r->p++;
		}
		if (value(r, item, depth + 1))
			return -1;
		skip_blanks(r);
		if (*r->p == close) {
			r->p++;
			return 0;
		}
		if (*r->p != ',')
			return fail(r, close == '}' ? "expected ',' or '}'"
						    : "expected ',' or ']'");
		r->p++;
	}
}

static int value(reader *r, json_value *v, int depth)
{
	skip_blanks(r);
	v->line = r->line;
	v->col = (unsigned)(r->p - r->line_start) + 1;
	if (depth > MAX_NESTING) {
		char what[64];

		snprintf(what, sizeof(what), "arrays and objects nested more "
			 "than %d deep", MAX_NESTING);
		return fail(r, what);
	}
	if (*r->p == '{' || *r->p == '[') {
		v->kind = *r->p++ == '{' ? JSON_OBJECT : JSON_ARRAY;
		return members(r, v, depth);
	}
	if (*r->p == '"') {
		v->kind = JSON_STRING;
		return (v->string = string(r)) ? 0 : -1;
	}
	return literal(r, v);
}

int json_parse(const char *text, size_t len, json_value *out, char *err,
	       size_t size, unsigned *line, unsigned *col)
{
	reader r = { text, text, text + len, 1, err, size, line, col, 0 };

	/* a byte order mark, which RFC 8259 lets a reader skip */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		r.p = r.line_start = text + 3;
	memset(out, 0, sizeof(*out));
	if (value(&r, out, 0))
		return -1;
	skip_blanks(&r);
	if (r.p != r.end)
		return fail(&r, "unexpected text after the value");
	return 0;
}

const json_value *json_get(const json_value *obj, const char *key)
{
	if (!obj || obj->kind != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->count; i++)
		if (obj->keys[i] && !strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

void json_free(json_value *v)
{
	for (size_t i = 0; i < v->count; i++) {
		json_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
	memset(v, 0, sizeof(*v));
}
