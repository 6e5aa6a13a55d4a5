/* rules_lex.c: splits rules text into lines and words, and reads numbers. */
#include <string.h>

#include "rules_lex.h"

/* What the word readers return after reporting an error. */
#define LEX_ERROR ((size_t)-1)

static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Printable ASCII: what a word may be made of, outside quotes. */
static int is_word_byte(unsigned char c)
{
	return c > ' ' && c < 0x7f && c != '"' && c != '#';
}

static int is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

int fs_lex_next_line(fs_line_iter *it, const char **line, size_t *len)
{
	const char *start = it->text + it->off;
	size_t rest = it->len - it->off;
	const char *nl;

	if (it->off >= it->len)
		return 0;
	nl = memchr(start, '\n', rest);
	*line = start;
	*len = nl ? (size_t)(nl - start) : rest;
	it->off += *len + (nl != NULL);
	it->number++;
	return 1;
}

/* Reads a quoted value starting at line[i] == '"'. Returns the index past
 * the closing quote, or LEX_ERROR after reporting an error. */
static size_t lex_quoted(fs_reader *rd, const char *line, size_t len,
			 size_t i)
{
	size_t open = i;

	for (i++; i < len && line[i] != '"'; i++) {
		unsigned char c = (unsigned char)line[i];

		if ((c < ' ' && c != '\t') || c == 0x7f) {
			fs_reader_error(rd, i + 1, "unexpected byte 0x%02x "
					"in a quoted value", c);
			return LEX_ERROR;
		}
	}
	if (i >= len) {
		fs_reader_error(rd, open + 1, "unterminated quoted value");
		return LEX_ERROR;
	}
	i++;
	if (i < len && !is_blank((unsigned char)line[i]) && line[i] != '#') {
		fs_reader_error(rd, i + 1,
				"expected a blank after the quoted value");
		return LEX_ERROR;
	}
	return i;
}

/* Splits `key=value` (the first '='), reading a quoted value. Returns the
 * index past the word, or LEX_ERROR. */
static size_t lex_attr(fs_reader *rd, const char *line, size_t len,
		       size_t eq, fs_token *tok)
{
	size_t i = eq + 1;

	tok->key = tok->text;
	tok->key_len = eq - (size_t)(tok->text - line);
	tok->value_col = i + 1;
	if (i < len && line[i] == '"') {
		size_t end = lex_quoted(rd, line, len, i);

		if (end == LEX_ERROR)
			return LEX_ERROR;
		tok->value = line + i + 1;
		tok->value_len = end - i - 2;
		tok->value_col = i + 2;
		return end;
	}
	while (i < len && is_word_byte((unsigned char)line[i]))
		i++;
	tok->value = line + eq + 1;
	tok->value_len = i - eq - 1;
	return i;
}

/* Reads the word at line[start]. Returns the index past it, or LEX_ERROR. */
static size_t lex_word(fs_reader *rd, const char *line, size_t len,
		       size_t start, fs_token *tok)
{
	size_t i = start;

	memset(tok, 0, sizeof(*tok));
	tok->text = line + start;
	tok->col = start + 1;
	while (i < len && is_word_byte((unsigned char)line[i]) &&
	       line[i] != '=')
		i++;
	if (i < len && line[i] == '=')
		i = lex_attr(rd, line, len, i, tok);
	if (i == LEX_ERROR)
		return LEX_ERROR;
	if (i < len && !is_blank((unsigned char)line[i]) && line[i] != '#') {
		unsigned char c = (unsigned char)line[i];

		if (c == '"')
			fs_reader_error(rd, i + 1, "unexpected '\"': only a "
					"key=\"value\" may be quoted");
		else
			fs_reader_error(rd, i + 1, "unexpected byte 0x%02x",
					c);
		return LEX_ERROR;
	}
	tok->len = i - start;
	return i;
}

static int push_token(fs_reader *rd, fs_tokens *out, const fs_token *tok)
{
	void *items = out->items;

	if (fs_vec_reserve(&items, &out->cap, out->count + 1, sizeof(*tok))) {
		fs_reader_nomem(rd);
		return -1;
	}
	out->items = items;
	out->items[out->count++] = *tok;
	return 0;
}

int fs_lex_line(fs_reader *rd, const char *line, size_t len, fs_tokens *out)
{
	size_t i = 0;

	out->count = 0;
	while (i < len) {
		fs_token tok;

		if (is_blank((unsigned char)line[i])) {
			i++;
			continue;
		}
		if (line[i] == '#')
			break;
		i = lex_word(rd, line, len, i, &tok);
		if (i == LEX_ERROR || push_token(rd, out, &tok))
			return -1;
	}
	return 0;
}

int fs_lex_is_name(const char *s, size_t n)
{
	return n > 0 && is_alpha((unsigned char)s[0]) &&
	       fs_lex_is_name_tail(s, n);
}

int fs_lex_is_name_tail(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!is_alpha((unsigned char)s[i]) &&
		    !is_digit((unsigned char)s[i]))
			return 0;
	return 1;
}

static int digit_value(unsigned char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/* Drops a u/l suffix (u, l, ul, lu, ll, ull, llu in any case). */
static size_t strip_suffix(const char *s, size_t n)
{
	size_t k = 0;

	while (k < 3 && k < n && strchr("uUlL", s[n - 1 - k]) && s[n - 1 - k])
		k++;
	return n - k;
}

/* Reads the digits of s[0..n) in `base` into *out. */
static fs_number read_digits(const char *s, size_t n, unsigned base,
			     uint64_t *out)
{
	uint64_t v = 0;

	if (n == 0)
		return FS_NUMBER_SYNTAX;
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)digit_value((unsigned char)s[i]);

		if (d >= base)
			return FS_NUMBER_SYNTAX;
		if (v > (UINT64_MAX - d) / base)
			return FS_NUMBER_RANGE;
		v = v * base + d;
	}
	*out = v;
	return FS_NUMBER_OK;
}

fs_number fs_lex_number(const char *s, size_t n, int64_t *out)
{
	size_t negative = n > 0 && s[0] == '-';
	uint64_t limit, v;
	fs_number res;

	s += negative;
	n = strip_suffix(s, n - negative);
	if (n == 0 || !is_digit((unsigned char)s[0]))
		return FS_NUMBER_SYNTAX;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		res = read_digits(s + 2, n - 2, 16, &v);
	else if (s[0] == '0')
		res = read_digits(s, n, 8, &v);
	else
		res = read_digits(s, n, 10, &v);
	if (res != FS_NUMBER_OK)
		return res;
	limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	if (v > limit)
		return FS_NUMBER_RANGE;
	/* -(INT64_MAX + 1) without signed overflow. */
	*out = negative ? (int64_t)(0 - v) : (int64_t)v;
	return FS_NUMBER_OK;
}
