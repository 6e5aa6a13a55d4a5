/* prefilter_closure.c: the names that may lead to a finding. The rules'
 * flag and record names, and every macro that can expand into one: a
 * macro whose body names one (FULL), or whose token pastes can make one
 * (PASTE when only some arguments make it, FULL when any do). A macro
 * that calls a PASTE macro gets that macro's pastes with its arguments
 * put in, so `DBG(m)` calling `X(LIB_, m)`, which pastes `a ## b`, joins
 * only if some watched name starts with LIB_. Iterated until nothing
 * changes: statuses only rise and pastes per macro are bounded. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"

enum { PF_FULL = 0, PF_PASTE = 1, PF_NOT = 2 };

static size_t status_of(const pf_names *n, const char *name)
{
	size_t s = strset_get(&n->closure, name);

	return s == STRSET_NONE ? PF_NOT : s;
}

int pf_names_trigger(const pf_names *n, const char *name)
{
	return fs_rules_name_role(n->rules, name) != FS_ROLE_NONE ||
	       strset_get(&n->closure, name) != STRSET_NONE;
}

int pf_names_add_macro(pf_names *n, const char *name)
{
	return strset_get(&n->macros, name) != STRSET_NONE
		       ? 0
		       : strset_put(&n->macros, name, 0);
}

static int is_macro(void *ctx, const char *word)
{
	const pf_names *n = ctx;
	size_t len = strlen(word);

	/* __x__ covers the compiler's own and the target's */
	return strset_get(&n->defs, word) != STRSET_NONE ||
	       strset_get(&n->macros, word) != STRSET_NONE ||
	       (len > 4 && !strncmp(word, "__", 2) &&
		!strcmp(word + len - 2, "__"));
}

/* How paste p can make a watched name: PF_NOT, PF_PASTE (with some
 * arguments) or PF_FULL (whatever the arguments). */
static size_t paste_status(const pf_names *n, const pf_define *d,
			   const pf_paste *p)
{
	int has_param = 0;
	const char *name;

	for (size_t i = 0; i < p->ops.count; i++) {
		has_param |= p->ops.items[i].kind == PF_OP_RAW ||
			     p->ops.items[i].kind == PF_OP_EXPANDED;
	}
	for (size_t i = 0; (name = fs_rules_role_name(n->rules, i)); i++)
		if (pf_paste_fits(p, name))
			goto fits;
	for (size_t i = 0; i < n->closure.cap; i++)
		if (n->closure.keys[i] && pf_paste_fits(p, n->closure.keys[i]))
			goto fits;
	return PF_NOT;
fits:
	/* With a parameter, a call's arguments decide (a number before an
	 * unknown suffix makes no name); those calls are followed. */
	return has_param && d->function_like ? PF_PASTE : PF_FULL;
}

static int is_param(const pf_define *d, const char *word)
{
	for (size_t i = 0; i < d->params.count; i++)
		if (!strcmp(d->params.items[i], word))
			return 1;
	return 0;
}

typedef AUDIT_VEC(const pf_define *) def_list;

/* The definitions of `name`, into *out (a scratch list). */
static int defs_of(const pf_names *n, const char *name, def_list *out)
{
	out->count = 0;
	for (size_t i = strset_get(&n->defs, name); i != STRSET_NONE;
	     i = n->next.items[i]) {
		const pf_define **slot = AUDIT_PUSH(out);

		if (!slot)
			return -1;
		*slot = n->refs.items[i];
	}
	return 0;
}

/* d's status now; sets *changed when d got new pastes. */
static size_t evaluate(pf_names *n, pf_define *d, int *changed, int *oom)
{
	def_list callees = { NULL, 0, 0 };
	size_t best = PF_NOT;

	for (size_t i = 0; i < d->body.count && !d->paste_any && !*oom; i++) {
		const char *w = d->body.items[i];
		size_t s = status_of(n, w);
		int res;

		if (is_param(d, w))
			continue;
		if (s == PF_FULL ||
		    fs_rules_name_role(n->rules, w) != FS_ROLE_NONE) {
			free(callees.items);
			return PF_FULL;
		}
		if (s != PF_PASTE)
			continue;
		if (defs_of(n, w, &callees) ||
		    (res = pf_derive_pastes(d, w, callees.items, callees.count,
					    is_macro, n)) < 0)
			*oom = 1;
		else if (res > 0)
			*changed = 1;
	}
	free(callees.items);
	if (d->paste_any)
		return PF_FULL;
	for (size_t i = 0; i < d->pastes.count && best != PF_FULL; i++) {
		size_t s = paste_status(n, d, &d->pastes.items[i]);

		if (s < best)
			best = s;
	}
	return best;
}

static int index_defines(pf_names *n, pf_file *files, size_t nfiles)
{
	for (size_t f = 0; f < nfiles; f++)
		for (size_t i = 0; i < files[f].defines.count; i++) {
			pf_define *d = &files[f].defines.items[i];
			size_t first = strset_get(&n->defs, d->name);
			pf_define **ref = AUDIT_PUSH(&n->refs);
			size_t *next = AUDIT_PUSH(&n->next);

			if (!ref || !next ||
			    strset_put(&n->defs, d->name, n->refs.count - 1))
				return -1;
			*ref = d;
			*next = first;
		}
	return 0;
}

int pf_names_close(pf_names *n, pf_file *files, size_t nfiles)
{
	int changed = 1, oom = 0;

	if (index_defines(n, files, nfiles))
		return -1;
	while (changed && !oom) {
		changed = 0;
		for (size_t i = 0; i < n->refs.count && !oom; i++) {
			pf_define *d = n->refs.items[i];
			size_t now = status_of(n, d->name), s;

			if (now == PF_FULL)
				continue;
			s = evaluate(n, d, &changed, &oom);
			if (s < now) {
				if (strset_put(&n->closure, d->name, s))
					oom = 1;
				changed = 1;
			}
		}
	}
	return oom ? -1 : 0;
}

void pf_names_free(pf_names *n)
{
	strset_free(&n->closure);
	strset_free(&n->defs);
	strset_free(&n->macros);
	free(n->refs.items);
	free(n->next.items);
}
