/* share_deps.c: the rules `clang-scan-deps -format make` prints, one per
 * unit: its target, then its main file and the files it opened, in the
 * order it first opened them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "share.h"
#include "strbuf.h"

enum { TOK_WORD, TOK_EOL, TOK_END, TOK_BAD };

typedef struct deps_lex {
	const char *s, *end;
	size_t line;		/* of s, from 1 */
	const char *bad;	/* why TOK_BAD */
	size_t bad_line;
} deps_lex;

/* The length of the splice (backslash, CR?, newline) at s, or 0. */
static size_t splice_at(const deps_lex *x, const char *s)
{
	if (s + 1 < x->end && s[0] == '\\' && s[1] == '\n')
		return 2;
	if (s + 2 < x->end && s[0] == '\\' && s[1] == '\r' && s[2] == '\n')
		return 3;
	return 0;
}

/* Blanks, splices (a rule goes on) and make comments before a token. */
static void skip_space(deps_lex *x)
{
	for (;;) {
		size_t n = splice_at(x, x->s);

		if (n) {
			x->s += n;
			x->line++;
		} else if (x->s < x->end && *x->s == '#') {
			while (x->s < x->end && *x->s != '\n')
				x->s++;
		} else if (x->s < x->end && (*x->s == ' ' || *x->s == '\t' ||
					      *x->s == '\r')) {
			x->s++;
		} else {
			return;
		}
	}
}

/* A run of backslashes at x->s: before a space, each pair is one and an
 * odd one escapes the space (clang writes "\\ " for '\' then a space);
 * "\#" is '#'; elsewhere a backslash is itself. Returns 1 when the word
 * goes on, 0 when a space ends it, -1 at the end of the text. */
static int backslashes(deps_lex *x, fs_buf *w)
{
	const char *s = x->s;
	size_t k = 0;

	while (s < x->end && *s == '\\')
		s++, k++;
	if (s == x->end)
		return -1;
	if (*s == ' ') {
		for (size_t i = 0; i < k / 2; i++)
			fs_buf_putn(w, "\\", 1);
		if (k % 2)
			fs_buf_putn(w, " ", 1), s++;
		x->s = s;
		return (int)(k % 2);
	}
	for (size_t i = 0; i + (*s == '#') < k; i++)
		fs_buf_putn(w, "\\", 1);
	if (*s == '#')
		fs_buf_putn(w, "#", 1), s++;
	x->s = s;
	return 1;
}

static int fail(deps_lex *x, size_t line, const char *why)
{
	x->bad = why;
	x->bad_line = line;
	return TOK_BAD;
}

/* The word at x->s into w; TOK_BAD on an escape the text ends in. */
static int read_word(deps_lex *x, fs_buf *w)
{
	while (x->s < x->end && !strchr(" \t\r\n", *x->s) &&
	       !splice_at(x, x->s)) {
		if (*x->s == '\\') {
			int r = backslashes(x, w);

			if (r < 0)
				return fail(x, x->line, "unterminated escape");
			if (!r)
				break;
		} else if (*x->s == '$') {
			if (x->s + 1 == x->end)
				return fail(x, x->line, "unterminated '$'");
			x->s += x->s[1] == '$' ? 2 : 1;
			fs_buf_putn(w, "$", 1);
		} else {
			fs_buf_putn(w, x->s++, 1);
		}
	}
	return TOK_WORD;
}

static int next_tok(deps_lex *x, fs_buf *w)
{
	w->len = 0;
	if (w->data)
		w->data[0] = '\0';
	skip_space(x);
	if (x->s == x->end)
		return TOK_END;
	if (*x->s == '\n') {
		x->s++;
		x->line++;
		return TOK_EOL;
	}
	return read_word(x, w);
}

static int push_str(share_strs *v, const char *s)
{
	char **slot = AUDIT_PUSH(v);

	return slot && (*slot = strdup(s)) ? 0 : -1;
}

/* The rest of a rule whose first word is in w: "target: main deps...".
 * Returns 0, -1 when out of memory, TOK_BAD on text that is no rule. */
static int read_rule(deps_lex *x, fs_buf *w, size_t start, share_deps *d)
{
	int t, colon = 0;

	for (t = TOK_WORD; t == TOK_WORD; t = next_tok(x, w)) {
		const char *s = fs_buf_str(w), *c = colon ? NULL : strchr(s, ':');

		if (w->failed)
			return -1;
		if (!colon && !c) {	/* another target: the first names it */
			if (!d->target && !(d->target = strdup(s)))
				return -1;
			continue;
		}
		if (c) {
			colon = 1;
			if (!d->target &&
			    !(d->target = strndup(s, (size_t)(c - s))))
				return -1;
			s = c + 1;
		}
		if (*s && push_str(&d->files, s))
			return -1;
	}
	if (t == TOK_BAD)
		return TOK_BAD;
	if (!colon)
		return fail(x, start, "no ':' after the target");
	if (!d->files.count)
		return fail(x, start, "no main file after the target");
	return 0;
}

int share_parse_deps(const char *text, size_t len, share_deps_list *out,
		     char *err, size_t errlen)
{
	deps_lex x = { text, text + len, 1, NULL, 0 };
	fs_buf w = { 0 };
	int t, res = 0;

	while (!res && (t = next_tok(&x, &w)) != TOK_END) {
		size_t start = x.line;
		share_deps *d;

		if (t == TOK_EOL)
			continue;
		if (t == TOK_BAD)
			res = TOK_BAD;
		else if (!(d = AUDIT_PUSH(out)))
			res = -1;
		else
			res = read_rule(&x, &w, start, d);
	}
	fs_buf_free(&w);
	if (res == TOK_BAD)
		snprintf(err, errlen, "make deps:%zu: %s", x.bad_line, x.bad);
	else if (res)
		snprintf(err, errlen, "make deps: out of memory");
	return res ? -1 : 0;
}

void share_deps_list_free(share_deps_list *l)
{
	for (size_t i = 0; i < l->count; i++) {
		free(l->items[i].target);
		AUDIT_FREE_STRS(&l->items[i].files);
	}
	free(l->items);
	*l = (share_deps_list){ 0 };
}
