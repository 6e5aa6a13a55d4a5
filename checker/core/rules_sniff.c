/* rules_sniff.c: whether a text is a rules file at all, decided before any
 * of its text may be quoted in a message (rules_sniff.h). */
#include <string.h>

#include "rules_lex.h"
#include "base/count_of.h"
#include "rules_sniff.h"

/* The directives' words (rules_directives.def): the grammar's own, which
 * the dispatch of rules_parse.c reads with their readers. */
static const char *const directives[] = {
#define FS_DIRECTIVE(word, reader) word,
#include "rules_directives.def"
#undef FS_DIRECTIVE
};

/* Words longer than this are suggested nothing. */
enum { MAX_WORD = 24 };

static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/* Levenshtein distance of s[0..n) and t (n, strlen(t) <= MAX_WORD). */
static size_t distance(const char *s, size_t n, const char *t)
{
	size_t m = strlen(t), row[MAX_WORD + 1];

	for (size_t j = 0; j <= m; j++)
		row[j] = j;
	for (size_t i = 1; i <= n; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= m; j++) {
			size_t up = row[j];

			row[j] = min3(row[j] + 1, row[j - 1] + 1,
				      diag + (s[i - 1] != t[j - 1]));
			diag = up;
		}
	}
	return row[m];
}

/* The directive at most two edits from word[0..n), or NULL: a typo in a
 * real rules file's first directive gets a hint that quotes only the
 * grammar's own word. */
static const char *closest_directive(const char *word, size_t n)
{
	const char *best = NULL;
	size_t best_d = 3;

	if (n > MAX_WORD)
		return NULL;
	for (size_t i = 0; i < FS_COUNT_OF(directives); i++) {
		const char *name = directives[i];
		size_t d = strlen(name) <= MAX_WORD ? distance(word, n, name)
						    : best_d;

		if (d < best_d && d < strlen(name)) {
			best = name;
			best_d = d;
		}
	}
	return best;
}

static int is_directive(const char *word, size_t n)
{
	for (size_t i = 0; i < FS_COUNT_OF(directives); i++)
		if (strlen(directives[i]) == n &&
		    !memcmp(directives[i], word, n))
			return 1;
	return 0;
}

/* Reports at line `line`, column `col`; returns 0. */
static int not_rules(fs_reader *rd, size_t line, size_t col, const char *why,
		     const char *hint)
{
	rd->line = line;
	fs_reader_error(rd, col, "'%s' is not a flagspace rules file: %s%s%s%s",
			rd->file, why, hint ? "; did you mean '" : "",
			hint ? hint : "", hint ? "'?" : "");
	return 0;
}

/* The NUL byte at `nul`: line and column. */
static int has_nul(fs_reader *rd, const char *text, const char *nul)
{
	size_t line = 1, col = 1;

	for (const char *p = text; p < nul; p++, col++)
		if (*p == '\n') {
			line++;
			col = 0;
		}
	return !not_rules(rd, line, col, "it holds a NUL byte (it is not text)",
			  NULL);
}

int fs_sniff_rules(fs_reader *rd, const char *text, size_t len)
{
	const char *nul = len ? memchr(text, '\0', len) : NULL;
	fs_line_iter it = { text, len, 0, 0 };
	const char *line;
	size_t n;

	if (nul && has_nul(rd, text, nul))
		return 0;
	while (fs_lex_next_line(&it, &line, &n)) {
		size_t i = 0, end;

		while (i < n && is_blank((unsigned char)line[i]))
			i++;
		if (i == n || line[i] == '#')
			continue;
		end = i;
		while (end < n && !is_blank((unsigned char)line[end]) &&
		       line[end] != '#')
			end++;
		if (is_directive(line + i, end - i))
			return 1;
		return not_rules(rd, it.number, i + 1, "it does not start with "
				 "a directive such as 'namespace' or 'call'",
				 closest_directive(line + i, end - i));
	}
	return 1;
}
