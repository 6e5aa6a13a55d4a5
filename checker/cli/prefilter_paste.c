/* prefilter_paste.c: what a macro's token pasting (a ## b) can make.
 *
 * A pasted name is made of its operands: a parameter gives whatever the
 * call passes (unexpanded), any other token gives itself. So the name
 * starts with the tokens before the first parameter operand and ends with
 * those after the last one; with no parameter it is known exactly. The
 * prefilter keeps a macro only when some name it must watch fits. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"

typedef enum tok_kind { TOK_WORD, TOK_PARAM, TOK_PASTE, TOK_OTHER } tok_kind;

typedef struct tok {
	tok_kind kind;
	const char *text;
	size_t len;
} tok;

typedef AUDIT_VEC(tok) toks;

static int is_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static int is_char(int c)
{
	return is_start(c) || (c >= '0' && c <= '9');
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* The end of a pp-number starting at p (a digit, or '.' and a digit). */
static const char *pp_number_end(const char *p, const char *eol)
{
	while (p < eol) {
		if ((*p == 'e' || *p == 'E' || *p == 'p' || *p == 'P') &&
		    p + 1 < eol && (p[1] == '+' || p[1] == '-'))
			p += 2;
		else if (is_char((unsigned char)*p) || *p == '.' || *p == '\'')
			p++;
		else
			break;
	}
	return p;
}

static const char *literal_end(const char *p, const char *eol)
{
	char quote = *p++;

	while (p < eol && *p != quote)
		p += (*p == '\\' && p + 1 < eol) ? 2 : 1;
	return p < eol ? p + 1 : eol;
}

static int is_param(const pf_strs *params, const char *s, size_t n)
{
	for (size_t i = 0; i < params->count; i++)
		if (strlen(params->items[i]) == n &&
		    !memcmp(params->items[i], s, n))
			return 1;
	return 0;
}

static int push_tok(toks *v, tok_kind kind, const char *s, size_t n)
{
	tok *t = AUDIT_PUSH(v);

	if (!t)
		return -1;
	*t = (tok){ kind, s, n };
	return 0;
}

/* The body's tokens, as far as pasting cares. */
static int tokenize(toks *v, const pf_strs *params, const char *p,
		    const char *eol)
{
	while (p < eol) {
		const char *s = p;

		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' ||
		    *p == '\v') {
			p++;
			continue;
		}
		if (is_start((unsigned char)*p)) {
			while (p < eol && is_char((unsigned char)*p))
				p++;
			if (push_tok(v, is_param(params, s, (size_t)(p - s))
					     ? TOK_PARAM : TOK_WORD,
				     s, (size_t)(p - s)))
				return -1;
		} else if (is_digit((unsigned char)*p) ||
			   (*p == '.' && p + 1 < eol &&
			    is_digit((unsigned char)p[1]))) {
			p = pp_number_end(p, eol);
			if (push_tok(v, TOK_WORD, s, (size_t)(p - s)))
				return -1;
		} else if (*p == '"' || *p == '\'') {
			p = literal_end(p, eol);
			if (push_tok(v, TOK_OTHER, s, (size_t)(p - s)))
				return -1;
		} else if ((p[0] == '#' && p + 1 < eol && p[1] == '#') ||
			   (eol - p >= 4 && !memcmp(p, "%:%:", 4))) {
			p += p[0] == '#' ? 2 : 4;
			if (push_tok(v, TOK_PASTE, s, (size_t)(p - s)))
				return -1;
		} else {
			p += (p[0] == '%' && p + 1 < eol && p[1] == ':') ? 2 : 1;
			if (push_tok(v, TOK_OTHER, s, (size_t)(p - s)))
				return -1;
		}
	}
	return 0;
}

/* The parameters of a function-like macro, `p` just after its name.
 * Returns the start of the body. */
static const char *read_params(pf_strs *params, const char *p,
			       const char *eol, int *ok)
{
	*ok = 1;
	if (p >= eol || *p != '(')
		return p;	/* object-like */
	for (p++; p < eol && *p != ')';) {
		const char *s = p;

		if (is_start((unsigned char)*p)) {
			char **slot;

			while (p < eol && is_char((unsigned char)*p))
				p++;
			if (!(slot = AUDIT_PUSH(params)) ||
			    !(*slot = strndup(s, (size_t)(p - s)))) {
				*ok = 0;
				return eol;
			}
		} else if (p + 2 < eol && !memcmp(p, "...", 3)) {
			char **slot = AUDIT_PUSH(params);

			if (!slot || !(*slot = strdup("__VA_ARGS__"))) {
				*ok = 0;
				return eol;
			}
			p += 3;
		} else {
			p++;
		}
	}
	return p < eol ? p + 1 : eol;
}

static char *join_words(const tok *t, size_t n)
{
	size_t len = 0;
	char *s;

	for (size_t i = 0; i < n; i++)
		len += t[i].len;
	if (!(s = malloc(len + 1)))
		return NULL;
	len = 0;
	for (size_t i = 0; i < n; i++) {
		memcpy(s + len, t[i].text, t[i].len);
		len += t[i].len;
	}
	s[len] = '\0';
	return s;
}

/* One run a ## b ## ... of operands t[0..n). */
static int add_paste(pf_define *d, const tok *t, size_t n)
{
	size_t first = n, last = n;
	pf_paste *p;

	for (size_t i = 0; i < n; i++) {
		if (t[i].kind == TOK_OTHER)
			return 0;	/* not a name: a string, a punctuator */
		if (t[i].kind == TOK_PARAM) {
			if (first == n)
				first = i;
			last = i;
		}
	}
	if (!(p = AUDIT_PUSH(&d->pastes)))
		return -1;
	p->fixed = first == n;
	p->prefix = join_words(t, p->fixed ? n : first);
	p->suffix = p->fixed ? strdup("")
			     : join_words(t + last + 1, n - last - 1);
	return p->prefix && p->suffix ? 0 : -1;
}

/* Each run of operands joined by ##. A ## with no operand on a side, or
 * a run too long to follow, may make anything. */
static int find_pastes(pf_define *d, const toks *v)
{
	for (size_t i = 0; i < v->count; i++) {
		tok run[64];
		size_t n = 0, j = i;

		if (v->items[i].kind != TOK_PASTE)
			continue;
		if (i == 0) {
			d->paste_any = 1;
			return 0;
		}
		run[n++] = v->items[i - 1];
		for (; j < v->count && v->items[j].kind == TOK_PASTE; j += 2) {
			if (j + 1 >= v->count ||
			    v->items[j + 1].kind == TOK_PASTE || n == 64) {
				d->paste_any = 1;
				return 0;
			}
			run[n++] = v->items[j + 1];
		}
		if (add_paste(d, run, n))
			return -1;
		i = j - 1;
	}
	return 0;
}

int pf_scan_pastes(pf_define *d, const char *p, const char *eol)
{
	pf_strs params = { NULL, 0, 0 };
	toks v = { NULL, 0, 0 };
	int ok, res = 0, va_opt = 0;

	p = read_params(&params, p, eol, &ok);
	if (!ok || tokenize(&v, &params, p, eol))
		res = -1;
	for (size_t i = 0; !res && i < v.count; i++)
		if (v.items[i].kind == TOK_WORD &&
		    v.items[i].len == strlen("__VA_OPT__") &&
		    !memcmp(v.items[i].text, "__VA_OPT__", v.items[i].len))
			va_opt = 1;
	if (!res)
		res = find_pastes(d, &v);
	/* __VA_OPT__ may drop an operand: its run is not the one read. */
	if (va_opt && (d->pastes.count || d->paste_any))
		d->paste_any = 1;
	for (size_t i = 0; i < params.count; i++)
		free(params.items[i]);
	free(params.items);
	free(v.items);
	return res;
}
