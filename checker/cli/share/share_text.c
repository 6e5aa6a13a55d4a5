/* share_text.c: a file's text as the preprocessor reads its lines (phases
 * 2 and 3), each line kept on its number so that a message can name it. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"
#include "share_text.h"

/* Output with the newlines a splice or a comment took held back until the
 * logical line ends. */
typedef struct clean_out {
	char *s;
	size_t n, held;
} clean_out;

static void put(clean_out *o, char c)
{
	o->s[o->n++] = c ? c : ' ';
	if (c != '\n')
		return;
	for (; o->held; o->held--)
		o->s[o->n++] = '\n';
}

/* Phase 2: a backslash before a newline (or CR LF) joins the lines. */
static void join_splices(const char *t, size_t len, clean_out *o)
{
	for (size_t i = 0; i < len; i++) {
		if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n') {
			o->held++, i++;
			continue;
		}
		if (t[i] == '\\' && i + 2 < len && t[i + 1] == '\r' &&
		    t[i + 2] == '\n') {
			o->held++, i += 2;
			continue;
		}
		put(o, t[i]);
	}
}

/* Whether the quote at s[i] is a digit separator (1'000): the run of
 * identifier characters before it starts with a digit. u8'a' and L'a'
 * are literals. */
static int is_separator(const char *s, size_t i)
{
	size_t k = i;

	while (k && pf_is_ident_char((unsigned char)s[k - 1]))
		k--;
	return k < i && s[k] >= '0' && s[k] <= '9';
}

/* Copies the literal opened at s[i]; returns the index after it. One not
 * closed ends at its line, so an odd quote hides no comment's end. */
static size_t copy_literal(const char *s, size_t n, size_t i, clean_out *o)
{
	char quote = s[i];

	put(o, s[i++]);
	while (i < n && s[i] != quote && s[i] != '\n') {
		if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\n')
			put(o, s[i++]);
		put(o, s[i++]);
	}
	if (i < n && s[i] == quote)
		put(o, s[i++]);
	return i;
}

/* Phase 3: each comment is one space. */
static void blank_comments(const char *s, size_t n, clean_out *o)
{
	size_t i = 0;

	while (i < n) {
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			put(o, ' ');
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			for (i += 2; i < n && !(s[i] == '*' && i + 1 < n &&
					       s[i + 1] == '/'); i++)
				o->held += s[i] == '\n';
			i = i < n ? i + 2 : n;
			put(o, ' ');
		} else if (s[i] == '"' || (s[i] == '\'' && !is_separator(s, i))) {
			i = copy_literal(s, n, i, o);
		} else {
			put(o, s[i++]);
		}
	}
}

char *share_text_clean(const char *text, size_t len)
{
	clean_out a = { malloc(len + 2), 0, 0 }, b = { malloc(len + 2), 0, 0 };

	if (!a.s || !b.s) {
		free(a.s);
		free(b.s);
		return NULL;
	}
	join_splices(text, len, &a);
	for (; a.held; a.held--)
		a.s[a.n++] = '\n';
	blank_comments(a.s, a.n, &b);
	for (; b.held; b.held--)
		b.s[b.n++] = '\n';
	b.s[b.n] = '\0';
	free(a.s);
	return b.s;
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\f' ||
			   *p == '\v' || *p == '\r'))
		p++;
	return p;
}

int share_next_line(const char **p, size_t *line, share_line *l)
{
	const char *s = *p, *eol = s + strcspn(s, "\n"), *q;

	if (!*s)
		return 0;
	memset(l, 0, sizeof(*l));
	l->line = ++*line;
	l->end = eol;
	*p = *eol ? eol + 1 : eol;
	q = skip_blanks(s, eol);
	if (q == eol) {
		l->kind = SHARE_BLANK;
		return 1;
	}
	if (*q != '#' && !(q[0] == '%' && q[1] == ':')) {
		l->kind = SHARE_CODE;
		l->rest = q;
		return 1;
	}
	l->kind = SHARE_DIRECTIVE;
	l->word = skip_blanks(q + (*q == '#' ? 1 : 2), eol);
	for (q = l->word; q < eol && pf_is_ident_char((unsigned char)*q); q++)
		;
	l->word_end = q;
	l->rest = q;
	return 1;
}

int share_word_is(const char *w, const char *e, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(e - w) == n && !memcmp(w, word, n);
}

int share_next_ident(const char **p, const char *end, const char **w,
		     const char **we)
{
	const char *s = *p;

	while (s < end) {
		if (*s >= '0' && *s <= '9') {
			while (s < end && (pf_is_ident_char((unsigned char)*s) ||
					   *s == '.'))
				s++;
		} else if (pf_is_ident_start((unsigned char)*s)) {
			*w = s;
			while (s < end && pf_is_ident_char((unsigned char)*s))
				s++;
			*we = *p = s;
			return 1;
		} else {
			s++;
		}
	}
	*p = s;
	return 0;
}
