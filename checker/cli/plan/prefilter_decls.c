/* prefilter_decls.c: the top-level declarations of a file, read from its
 * text as far as the cover set needs them (prefilter_cover.c): which words
 * each declaration names, which names it may declare, which words appear
 * inside braces (a function body, an initializer), and which functions a
 * main file may define.
 *
 * A declaration (a chunk) ends at a ';' outside braces and parentheses, or
 * at the '}' closing a function body; a chunk that starts with '{' (a K&R
 * definition's body) continues the one before. Every mistake this reading
 * can make (a brace in an #if branch, an unusual macro) merges chunks,
 * never splits one: a merged chunk names and declares the union, which
 * only makes more names carry a flag. Directive lines are not read here
 * (prefilter_scan.c reads them); string and character literals are
 * skipped whole. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"
#include "strset.h"

/* Words that declare nothing when they stand before '(' or a ';'. */
static const char *const not_names[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "float", "for", "goto", "if",
	"inline", "int", "long", "register", "restrict", "return", "short",
	"signed", "sizeof", "static", "struct", "switch", "typedef", "union",
	"unsigned", "void", "volatile", "while", "_Bool", "_Complex",
	"_Atomic", "_Alignas", "_Alignof", "_Noreturn", "_Static_assert",
	"_Thread_local", "_Generic", "__attribute__", "__attribute", "asm",
	"__asm__", "__asm", "typeof", "__typeof__", "__typeof", "__inline__",
	"__inline", "__restrict__", "__restrict", "__volatile__", "__const__",
	"__extension__", "__signed__", "static_assert", "__declspec",
	"__builtin_offsetof", "__builtin_types_compatible_p", NULL,
};

int pf_is_not_name(const char *w)
{
	for (const char *const *k = not_names; *k; k++)
		if (!strcmp(*k, w))
			return 1;
	return 0;
}

static int push_idx(pf_idxs *v, size_t i)
{
	size_t *slot = AUDIT_PUSH(v);

	if (!slot)
		return -1;
	*slot = i;
	return 0;
}

/* One token: an identifier (its index in f->idents), or a punctuator. */
typedef struct dtok {
	size_t ident;		/* STRSET_NONE when not an identifier */
	char punct;		/* the character, or 0 (number, literal) */
} dtok;

typedef struct reader {
	pf_file *f;
	const strset *index;
	dtok prev, prev2;	/* the tokens before this one */
	int depth;		/* braces */
	int parens;		/* parentheses at brace depth 0 */
	int body;		/* the open brace at depth 0 is a function's */
	int in_enum;		/* the open brace at depth 0 is an enum's */
	int saw_enum;		/* "enum" at depth 0 in this chunk */
	int extern_c;		/* extern "C" seen: its '{' opens nothing */
	int in_init;		/* after a declarator's '=' */
	int oom;
	int head_open;		/* in the parentheses of a head call */
	size_t last_head;	/* the identifier before the last head '(' */
	int after_head;		/* the token after a head call's ')' is next */
	pf_chunk *chunk;	/* the open chunk, or NULL */
	unsigned *mark;		/* per ident: the chunk that named it, +1 */
} reader;

static pf_chunk *open_chunk(reader *r)
{
	pf_file *f = r->f;
	pf_chunk *c;

	if (r->chunk)
		return r->chunk;
	if (!(c = AUDIT_PUSH(&f->chunks)))
		return NULL;
	c->words = f->cwords.count;
	c->decls = f->cdecls.count;
	c->heads = f->cheads.count;
	c->args = f->cargs.count;
	r->saw_enum = 0;
	return r->chunk = c;
}

static void close_chunk(reader *r)
{
	pf_file *f = r->f;
	pf_chunk *c = r->chunk;

	if (!c)
		return;
	if (r->head_open) {
		r->head_open = 0;
		if (push_idx(&f->cargs, PF_END_ARGS))
			r->oom = 1;
	}
	c->nwords = f->cwords.count - c->words;
	c->ndecls = f->cdecls.count - c->decls;
	c->nheads = f->cheads.count - c->heads;
	c->nargs = f->cargs.count - c->args;
	r->chunk = NULL;
}

/* A chunk that starts with '{' continues the last one (K&R: `int f(a)
 * int a; {`). */
static int reopen_last(reader *r)
{
	pf_file *f = r->f;

	if (r->chunk || !f->chunks.count)
		return open_chunk(r) ? 0 : -1;
	r->chunk = &f->chunks.items[f->chunks.count - 1];
	return 0;
}

static const char *word_of(const reader *r, size_t i)
{
	return r->f->idents.items[i];
}

/* The identifier before a ';' ',' '=' '[' ':' at depth 0 is declared,
 * unless it ends an initializer. */
static int declare_prev(reader *r, char punct)
{
	int in_init = r->in_init;

	if (punct == '=')
		r->in_init = 1;
	else if (punct == ',' || punct == ';')
		r->in_init = 0;
	if (in_init || r->prev.ident == STRSET_NONE ||
	    pf_is_not_name(word_of(r, r->prev.ident)))
		return 0;
	return push_idx(&r->f->cdecls, r->prev.ident);
}

static int on_ident(reader *r, size_t i)
{
	pf_file *f = r->f;
	pf_chunk *c = open_chunk(r);

	if (!c)
		return -1;
	if (r->depth > 0)
		f->inner.items[i] = 1;
	if (r->mark[i] != f->chunks.count) {
		r->mark[i] = (unsigned)f->chunks.count;
		if (push_idx(&f->cwords, i))
			return -1;
	}
	if (r->depth == 0 && r->parens == 0 && !strcmp(word_of(r, i), "enum"))
		r->saw_enum = 1;
	/* An enumerator: first in its item of an enum's body. */
	if (r->depth == 1 && r->in_enum &&
	    (r->prev.punct == '{' || r->prev.punct == ','))
		return push_idx(&f->cdecls, i);
	/* A head call's arguments: what a macro there may declare. */
	if (r->depth == 0 && r->head_open && r->parens == 1 &&
	    push_idx(&f->cargs, i))
		return -1;
	return 0;
}

static int on_open_paren(reader *r)
{
	if (r->depth != 0)
		return 0;
	if (r->parens++ == 0 && r->prev.ident != STRSET_NONE &&
	    !pf_is_not_name(word_of(r, r->prev.ident))) {
		r->head_open = 1;
		r->last_head = r->prev.ident;
		/* cargs: the head, its arguments, then PF_END_ARGS */
		return push_idx(&r->f->cheads, r->prev.ident) ||
		       push_idx(&r->f->cargs, r->prev.ident);
	}
	return 0;
}

static int on_close_paren(reader *r)
{
	if (r->depth != 0 || r->parens == 0)
		return 0;
	if (--r->parens == 0 && r->head_open) {
		r->head_open = 0;
		r->after_head = 1;
		return push_idx(&r->f->cargs, PF_END_ARGS);
	}
	return 0;
}

static int on_open_brace(reader *r)
{
	if (r->depth == 0 && r->extern_c) {
		r->extern_c = 0;	/* extern "C" { opens no scope */
		return 0;
	}
	if (r->depth == 0) {
		if (!r->chunk && reopen_last(r))
			return -1;
		if (!r->chunk && !open_chunk(r))
			return -1;
		r->in_enum = r->saw_enum;
		/* After ')' or a word after ')' (K&R, attributes): a body. */
		r->body = r->prev.punct == ')' ||
			  (r->prev.ident != STRSET_NONE && r->prev2.punct == ')');
	}
	r->depth++;
	return 0;
}

static int on_close_brace(reader *r)
{
	if (r->depth == 0)
		return 0;	/* extern "C"'s, or an #if branch's */
	if (--r->depth == 0) {
		r->in_enum = 0;
		if (r->body) {
			r->body = 0;
			close_chunk(r);
		}
	}
	return 0;
}

/* A function the file may define: a head call whose ')' is followed by
 * what is no ';', ',' or '=' (a body, K&R declarations, attributes). */
static int note_definition(reader *r, const dtok *t)
{
	r->after_head = 0;
	if (t->punct == ';' || t->punct == ',' || t->punct == '=' ||
	    t->punct == ')')
		return 0;
	/* `name(...) {`: the head names the function defined */
	if (t->punct == '{' && r->f->cargs.count &&
	    r->f->cargs.items[r->f->cargs.count - 1] == PF_END_ARGS)
		r->f->cargs.items[r->f->cargs.count - 1] = PF_END_DEF;
	return push_idx(&r->f->defs, r->last_head);
}

static int on_token(reader *r, dtok t)
{
	int res = 0;

	if (r->extern_c && t.punct != '{')
		r->extern_c = 0;
	if (r->after_head && r->depth == 0 && (res = note_definition(r, &t)))
		return res;
	if (t.ident != STRSET_NONE) {
		res = on_ident(r, t.ident);
	} else if (t.punct == '{') {
		res = on_open_brace(r);
	} else {
		if (!r->chunk && t.punct && t.punct != ';' && t.punct != '}' &&
		    !open_chunk(r))
			return -1;
		if (t.punct == '(')
			res = on_open_paren(r);
		else if (t.punct == ')')
			res = on_close_paren(r);
		else if (t.punct == '}')
			res = on_close_brace(r);
		else if (r->depth == 0 && r->parens == 0 &&
			 (t.punct == ';' || t.punct == ',' || t.punct == '=' ||
			  t.punct == '[' || t.punct == ':'))
			res = declare_prev(r, t.punct);
		if (!res && t.punct == ';' && r->depth == 0 && r->parens == 0)
			close_chunk(r);
	}
	r->prev2 = r->prev;
	r->prev = t;
	return res;
}

static const char *skip_literal(const char *p)
{
	char quote = *p++;

	while (*p && *p != quote && *p != '\n')
		p += (*p == '\\' && p[1]) ? 2 : 1;
	return *p == quote ? p + 1 : p;
}

/* Reads the token at *p into t, moving *p past it. Returns 1 for a token
 * the chunks read (a known identifier, punctuation, a number, a literal
 * outside extern "C"), 0 for what they skip (blanks, a directive, an
 * identifier that is not in the index). */
static int next_token(reader *r, const char **pp, int *line_start, dtok *t)
{
	const char *p = *pp;
	char word[256];
	int res = 1;

	if (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r' ||
	    *p == '\f' || *p == '\v') {
		*line_start |= *p == '\n';
		*pp = p + 1;
		return 0;
	}
	if (*line_start && (*p == '#' || (p[0] == '%' && p[1] == ':'))) {
		*pp = p + strcspn(p, "\n");	/* a directive: not C */
		return 0;
	}
	*line_start = 0;
	if (pf_is_ident_start((unsigned char)*p)) {
		const char *s = p;

		while (pf_is_ident_char((unsigned char)*p))
			p++;
		if ((size_t)(p - s) >= sizeof(word)) {
			res = 0;
		} else {
			memcpy(word, s, (size_t)(p - s));
			word[p - s] = '\0';
			t->ident = strset_get(r->index, word);
			res = t->ident != STRSET_NONE;
		}
		/* extern "C" { ... }: the braces open no scope. */
	} else if (*p >= '0' && *p <= '9') {
		while (pf_is_ident_char((unsigned char)*p) || *p == '.')
			p++;
	} else if (*p == '"' || *p == '\'') {
		if (*p == '"' && r->prev.ident != STRSET_NONE &&
		    !strcmp(word_of(r, r->prev.ident), "extern"))
			r->extern_c = 1;
		p = skip_literal(p);
		res = !r->extern_c;
	} else {
		t->punct = *p++;
	}
	*pp = p;
	return res;
}

int pf_scan_decls(pf_file *f, const char *text, const strset *index)
{
	reader r;
	int res = 0, line_start = 1;

	memset(&r, 0, sizeof(r));
	r.f = f;
	r.index = index;
	r.prev.ident = r.prev2.ident = STRSET_NONE;
	if (!(r.mark = calloc(f->idents.count + 1, sizeof(unsigned))) ||
	    !(f->inner.items = calloc(f->idents.count + 1, 1))) {
		free(r.mark);
		return -1;
	}
	f->inner.count = f->inner.cap = f->idents.count;
	for (const char *p = text; *p && !res;) {
		dtok t = { STRSET_NONE, 0 };

		if (next_token(&r, &p, &line_start, &t))
			res = on_token(&r, t);
	}
	close_chunk(&r);
	free(r.mark);
	return res || r.oom ? -1 : 0;
}
