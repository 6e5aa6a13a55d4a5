/* prefilter_paste.c: what a macro's token pasting (a ## b) can make.
 *
 * A pasted name is made of its operands: a parameter gives whatever the
 * call passes, any other token gives itself. So the name starts with the
 * tokens before the first parameter operand and ends with those after the
 * last one; with no parameter it is known exactly. A macro that calls a
 * pasting macro passes it arguments: their tokens are put in place of the
 * parameters (pf_derive_pastes), so `DBG(m)` calling `X(LIB_, m)`, which
 * pastes `a ## b`, is known to make only names that start with LIB_. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"

#define MAX_RUN 64
#define MAX_PASTES 64		/* per macro: more may make anything */

typedef enum tok_kind { TOK_WORD, TOK_PARAM, TOK_PASTE, TOK_OTHER } tok_kind;

typedef struct tok {
	tok_kind kind;
	const char *text;
	size_t len;
} tok;

typedef AUDIT_VEC(tok) toks;

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* The end of a pp-number starting at p (a digit, or '.' and a digit). */
static const char *pp_number_end(const char *p, const char *end)
{
	while (p < end) {
		if ((*p == 'e' || *p == 'E' || *p == 'p' || *p == 'P') &&
		    p + 1 < end && (p[1] == '+' || p[1] == '-'))
			p += 2;
		else if (pf_is_ident_char((unsigned char)*p) || *p == '.' || *p == '\'')
			p++;
		else
			break;
	}
	return p;
}

static const char *literal_end(const char *p, const char *end)
{
	char quote = *p++;

	while (p < end && *p != quote)
		p += (*p == '\\' && p + 1 < end) ? 2 : 1;
	return p < end ? p + 1 : end;
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

/* The tokens of a macro body, as far as pasting cares. */
static int tokenize(toks *v, const pf_strs *params, const char *p,
		    const char *end)
{
	while (p < end) {
		const char *s = p;
		tok_kind kind = TOK_OTHER;

		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' ||
		    *p == '\v') {
			p++;
			continue;
		}
		if (pf_is_ident_start((unsigned char)*p)) {
			while (p < end && pf_is_ident_char((unsigned char)*p))
				p++;
			kind = is_param(params, s, (size_t)(p - s)) ? TOK_PARAM
								    : TOK_WORD;
		} else if (is_digit((unsigned char)*p) ||
			   (*p == '.' && p + 1 < end &&
			    is_digit((unsigned char)p[1]))) {
			p = pp_number_end(p, end);
			kind = TOK_WORD;
		} else if (*p == '"' || *p == '\'') {
			p = literal_end(p, end);
		} else if ((p[0] == '#' && p + 1 < end && p[1] == '#') ||
			   (end - p >= 4 && !memcmp(p, "%:%:", 4))) {
			p += p[0] == '#' ? 2 : 4;
			kind = TOK_PASTE;
		} else {
			p += (p[0] == '%' && p + 1 < end && p[1] == ':') ? 2 : 1;
		}
		if (push_tok(v, kind, s, (size_t)(p - s)))
			return -1;
	}
	return 0;
}

/* The parameters of a function-like macro, `p` just after its name:
 * `...` is one named __VA_ARGS__, and `args...` one named args.
 * Returns the start of the body, or NULL when out of memory. */
static const char *read_params(pf_define *d, const char *p, const char *eol)
{
	int after_name = 0;

	if (p >= eol || *p != '(')
		return p;	/* object-like */
	d->function_like = 1;
	for (p++; p < eol && *p != ')';) {
		const char *s = p;
		size_t n;
		char **slot;

		if (eol - p >= 3 && !memcmp(p, "...", 3)) {
			d->variadic = 1;
			p += 3;
			if (after_name)
				continue;
			s = "__VA_ARGS__";
			n = strlen(s);
		} else if (pf_is_ident_start((unsigned char)*p)) {
			while (p < eol && pf_is_ident_char((unsigned char)*p))
				p++;
			n = (size_t)(p - s);
		} else {
			if (*p++ == ',')
				after_name = 0;
			continue;
		}
		after_name = 1;
		if (!(slot = AUDIT_PUSH(&d->params)) ||
		    !(*slot = strndup(s, n)))
			return NULL;
	}
	return p < eol ? p + 1 : eol;
}

/* ---- pastes ---- */

static void free_paste(pf_paste *p)
{
	for (size_t i = 0; i < p->ops.count; i++)
		free(p->ops.items[i].text);
	free(p->ops.items);
	memset(p, 0, sizeof(*p));
}

void pf_define_free(pf_define *d)
{
	free(d->name);
	free(d->body_text);
	AUDIT_FREE_STRS(&d->body);
	AUDIT_FREE_STRS(&d->params);
	for (size_t i = 0; i < d->pastes.count; i++)
		free_paste(&d->pastes.items[i]);
	free(d->pastes.items);
}

static int push_op(pf_paste *p, pf_op_kind kind, const char *s, size_t n)
{
	pf_op *op = AUDIT_PUSH(&p->ops);

	if (!op || !(op->text = strndup(s ? s : "", s ? n : 0)))
		return -1;
	op->kind = kind;
	return 0;
}

static int same_paste(const pf_paste *a, const pf_paste *b)
{
	if (a->ops.count != b->ops.count)
		return 0;
	for (size_t i = 0; i < a->ops.count; i++)
		if (a->ops.items[i].kind != b->ops.items[i].kind ||
		    strcmp(a->ops.items[i].text, b->ops.items[i].text))
			return 0;
	return 1;
}

/* Adds p to d (taking it) unless d has it. Returns 1 when added. */
static int keep_paste(pf_define *d, pf_paste *p)
{
	pf_paste *slot;

	for (size_t i = 0; i < d->pastes.count; i++)
		if (same_paste(&d->pastes.items[i], p)) {
			free_paste(p);
			return 0;
		}
	if (d->pastes.count >= MAX_PASTES) {
		free_paste(p);
		d->paste_any = 1;
		return 1;
	}
	if (!(slot = AUDIT_PUSH(&d->pastes))) {
		free_paste(p);
		return -1;
	}
	*slot = *p;
	return 1;
}

static int punct_operand(const toks *v, size_t first, size_t end)
{
	for (size_t k = first; k < end; k += 2)
		if (v->items[k].kind == TOK_OTHER)
			return 1;
	return 0;
}

/* Each run of operands joined by ## in the body. A ## with no operand on
 * a side, or a run too long to follow, may make anything. */
static int find_pastes(pf_define *d, const toks *v)
{
	for (size_t i = 0; i < v->count; i++) {
		size_t j = i, first = i - 1;
		pf_paste p = { { NULL, 0, 0 } };

		if (v->items[i].kind != TOK_PASTE)
			continue;
		for (; j < v->count && v->items[j].kind == TOK_PASTE; j += 2)
			if (i == 0 || j + 1 >= v->count ||
			    v->items[j + 1].kind == TOK_PASTE ||
			    j - first > 2 * MAX_RUN) {
				d->paste_any = 1;
				return 0;
			}
		/* A punctuator or a literal pasted makes no identifier (GNU's
		 * `, ## __VA_ARGS__` only drops the comma): the arguments
		 * pass through as written, counted where they are written. */
		if (punct_operand(v, first, j)) {
			i = j - 1;
			continue;
		}
		for (size_t k = first; k < j; k += 2) {
			const tok *t = &v->items[k];
			pf_op_kind kind = t->kind == TOK_PARAM ? PF_OP_RAW
				: t->kind == TOK_WORD ? PF_OP_TEXT : PF_OP_ANY;

			if (push_op(&p, kind, t->text, t->len)) {
				free_paste(&p);
				return -1;
			}
		}
		if (keep_paste(d, &p) < 0)
			return -1;
		i = j - 1;
	}
	return 0;
}

int pf_scan_pastes(pf_define *d, const char *p, const char *eol)
{
	toks v = { NULL, 0, 0 };
	int res = 0;

	if (!(p = read_params(d, p, eol)) ||
	    !(d->body_text = strndup(p, (size_t)(eol - p))) ||
	    tokenize(&v, &d->params, p, eol))
		res = -1;
	if (!res)
		res = find_pastes(d, &v);
	/* __VA_OPT__ may drop an operand: its runs are not the ones read. */
	for (size_t i = 0; !res && i < v.count; i++)
		if (v.items[i].len == 10 &&
		    !memcmp(v.items[i].text, "__VA_OPT__", 10) &&
		    (d->pastes.count || d->paste_any))
			d->paste_any = 1;
	free(v.items);
	return res;
}

/* The text of the leading (or trailing) operands that are known. */
static size_t known_end(const pf_paste *p, int from_end, const char *name,
			size_t n, int *ok)
{
	size_t used = 0;

	*ok = 1;
	for (size_t i = 0; i < p->ops.count; i++) {
		const pf_op *op = &p->ops.items[from_end ? p->ops.count - 1 - i
							 : i];
		size_t k = strlen(op->text);

		if (op->kind != PF_OP_TEXT)
			break;
		if (used + k > n ||
		    memcmp(from_end ? name + n - used - k : name + used,
			   op->text, k)) {
			*ok = 0;
			break;
		}
		used += k;
	}
	return used;
}

int pf_paste_fits(const pf_paste *p, const char *name)
{
	size_t n = strlen(name), head, tail;
	int ok, fixed = 1;

	for (size_t i = 0; i < p->ops.count; i++)
		fixed &= p->ops.items[i].kind == PF_OP_TEXT;
	head = known_end(p, 0, name, n, &ok);
	if (!ok)
		return 0;
	if (fixed)
		return head == n;
	tail = known_end(p, 1, name, n, &ok);
	return ok && head + tail <= n;
}

/* ---- a paste reached through a call in another macro's body ---- */

/* The arguments of the call whose '(' is v[open]: token ranges [a, b). */
typedef struct arg_range {
	size_t a, b;
} arg_range;

static size_t read_args(const toks *v, size_t open, arg_range *args,
			size_t max, size_t *nargs)
{
	size_t depth = 0, start = open + 1, i;

	*nargs = 0;
	for (i = open + 1; i < v->count; i++) {
		const tok *t = &v->items[i];
		int is_open = t->kind == TOK_OTHER && t->len == 1 &&
			      t->text[0] == '(';
		int is_close = t->kind == TOK_OTHER && t->len == 1 &&
			       t->text[0] == ')';
		int is_comma = t->kind == TOK_OTHER && t->len == 1 &&
			       t->text[0] == ',';

		if (is_open)
			depth++;
		else if (is_close && depth)
			depth--;
		else if ((is_close || is_comma) && *nargs < max) {
			args[(*nargs)++] = (arg_range){ start, i };
			start = i + 1;
			if (is_close)
				return i;
		} else if (is_close || is_comma) {
			return 0;	/* too many to follow */
		}
	}
	return 0;		/* no closing parenthesis in the body */
}

/* The operand that `op` of callee's paste becomes when `callee` is called
 * with `args` from a macro whose tokens are v. */
static int substitute(pf_paste *out, const pf_op *op, const pf_define *callee,
		      const toks *v, const arg_range *args, size_t nargs,
		      int (*is_macro)(void *, const char *), void *ctx)
{
	size_t k = 0;
	const tok *t;

	if (op->kind == PF_OP_TEXT || op->kind == PF_OP_ANY)
		return push_op(out, op->kind, op->text, strlen(op->text));
	while (k < callee->params.count && strcmp(callee->params.items[k],
						  op->text))
		k++;
	if (k == callee->params.count ||
	    (callee->variadic && k + 1 == callee->params.count && nargs > k + 1))
		return push_op(out, PF_OP_ANY, NULL, 0);	/* several */
	if (k >= nargs || args[k].a == args[k].b)
		return push_op(out, PF_OP_TEXT, NULL, 0);	/* empty */
	if (args[k].b - args[k].a > 1)
		return push_op(out, PF_OP_ANY, NULL, 0);
	t = &v->items[args[k].a];
	if (t->kind == TOK_PARAM)	/* expanded: not a ## operand here */
		return push_op(out, PF_OP_EXPANDED, t->text, t->len);
	if (t->kind != TOK_WORD)
		return push_op(out, PF_OP_ANY, NULL, 0);
	if (op->kind == PF_OP_EXPANDED) {
		char word[256];

		if (t->len >= sizeof(word))
			return push_op(out, PF_OP_ANY, NULL, 0);
		memcpy(word, t->text, t->len);
		word[t->len] = '\0';
		if (is_macro(ctx, word))	/* it becomes its expansion */
			return push_op(out, PF_OP_ANY, NULL, 0);
	}
	return push_op(out, PF_OP_TEXT, t->text, t->len);
}

int pf_derive_pastes(pf_define *d, const char *callee_name,
		     const pf_define *const *callees, size_t ncallees,
		     int (*is_macro)(void *, const char *), void *ctx)
{
	toks v = { NULL, 0, 0 };
	int added = 0;

	if (tokenize(&v, &d->params, d->body_text,
		     d->body_text + strlen(d->body_text)))
		added = -1;
	for (size_t i = 0; added >= 0 && i < v.count && !d->paste_any; i++) {
		arg_range args[32];
		size_t nargs = 0;
		const tok *t = &v.items[i];

		if (t->kind != TOK_WORD || t->len != strlen(callee_name) ||
		    memcmp(t->text, callee_name, t->len))
			continue;
		/* Named but not called here (passed on, or the call's
		 * parentheses come from elsewhere): anything. */
		if (i + 1 >= v.count || v.items[i + 1].len != 1 ||
		    v.items[i + 1].text[0] != '(' ||
		    !read_args(&v, i + 1, args, 32, &nargs)) {
			d->paste_any = 1;
			break;
		}
		for (size_t c = 0; added >= 0 && c < ncallees; c++) {
			const pf_define *callee = callees[c];

			if (callee->paste_any) {
				d->paste_any = 1;
				break;
			}
			for (size_t p = 0; added >= 0 && p < callee->pastes.count;
			     p++) {
				const pf_paste *from = &callee->pastes.items[p];
				pf_paste made = { { NULL, 0, 0 } };
				int res = 0;

				for (size_t o = 0; !res && o < from->ops.count;
				     o++)
					res = substitute(&made, &from->ops.items[o],
							 callee, &v, args, nargs,
							 is_macro, ctx);
				if (res) {
					free_paste(&made);
					added = -1;
				} else if ((res = keep_paste(d, &made)) != 0) {
					added = res < 0 ? -1 : 1;
				}
			}
		}
	}
	free(v.items);
	return added;
}
