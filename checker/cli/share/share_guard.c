/* share_guard.c: whether a header's whole text is inside one include
 * guard, so that including it a second time (the shared set's copy, then
 * the unit's own #include) adds nothing. */
#include <stdlib.h>
#include <string.h>

#include "share_text.h"

/* The first identifier of the directive's rest, and whether nothing but
 * blanks follows it. */
static int only_ident(const share_line *l, const char **w, const char **we)
{
	const char *p = l->rest, *q;

	if (!share_next_ident(&p, l->end, w, we))
		return 0;
	for (q = l->rest; q < *w; q++)
		if (*q != ' ' && *q != '\t' && *q != '\r')
			return 0;
	for (q = *we; q < l->end; q++)
		if (*q != ' ' && *q != '\t' && *q != '\r')
			return 0;
	return 1;
}

static int is_directive(const share_line *l, const char *word)
{
	return l->kind == SHARE_DIRECTIVE &&
	       share_word_is(l->word, l->word_end, word);
}

/* The next line that is not blank; 0 at the end. */
static int next_solid(const char **p, size_t *line, share_line *l)
{
	while (share_next_line(p, line, l))
		if (l->kind != SHARE_BLANK)
			return 1;
	return 0;
}

/* After "#ifndef X / #define X": whether the #endif closing the #ifndef
 * is the last thing, with no #else or #elif of it on the way. */
static int closes_at_end(const char *p, size_t line)
{
	static const char *const opens[] = { "if", "ifdef", "ifndef", NULL };
	share_line l;
	int depth = 1;

	while (depth && next_solid(&p, &line, &l)) {
		if (l.kind != SHARE_DIRECTIVE)
			continue;
		for (const char *const *o = opens; *o; o++)
			depth += is_directive(&l, *o);
		if (is_directive(&l, "endif"))
			depth--;
		else if (depth == 1 && l.word_end > l.word &&
			 l.word[0] == 'e' && l.word[1] == 'l')
			return 0;	/* #else, #elif...: the guard's */
	}
	return !depth && !next_solid(&p, &line, &l);
}

static int guarded(const char *text)
{
	const char *p = text, *w, *we, *dw, *dwe, *q;
	size_t line = 0;
	share_line l;

	if (!next_solid(&p, &line, &l) || l.kind != SHARE_DIRECTIVE)
		return 0;
	if (is_directive(&l, "pragma"))
		return only_ident(&l, &w, &we) && share_word_is(w, we, "once");
	if (!is_directive(&l, "ifndef") || !only_ident(&l, &w, &we) ||
	    !next_solid(&p, &line, &l) || !is_directive(&l, "define"))
		return 0;
	q = l.rest;
	if (!share_next_ident(&q, l.end, &dw, &dwe) || dwe - dw != we - w ||
	    memcmp(dw, w, (size_t)(we - w)))
		return 0;
	return closes_at_end(p, line);
}

int share_is_guarded(const char *text, size_t len)
{
	char *clean = share_text_clean(text, len);
	int res;

	if (!clean)
		return -1;
	res = guarded(clean);
	free(clean);
	return res;
}
