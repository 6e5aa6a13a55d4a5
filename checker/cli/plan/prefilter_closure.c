/* prefilter_closure.c: the names that may lead to a finding. The rules'
 * flag and record names, and every macro that can expand into one: a
 * macro whose body names one (FULL), or whose token pastes can make one
 * (PASTE when only some arguments make it, FULL when any do). A macro
 * that calls a PASTE macro gets that macro's pastes with its arguments
 * put in, so `DBG(m)` calling `X(LIB_, m)`, which pastes `a ## b`, joins
 * only if some watched name starts with LIB_. A work list evaluates a
 * macro again only when a macro it names changed, or when a name its
 * pastes can make joined: statuses only rise and pastes per macro are
 * bounded, so it ends, in about linear time on real headers. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"

enum { PF_FULL = 0, PF_PASTE = 1, PF_NOT = 2 };

static size_t status_of(const pf_names *n, const char *name)
{
	size_t s = strset_get(&n->closure, name);

	return s == STRSET_NONE ? PF_NOT : s;
}

int pf_names_trigger_flag(const pf_names *n, const char *name)
{
	fs_name_role role = fs_rules_name_role(n->rules, name);

	return role == FS_ROLE_FLAG || role == FS_ROLE_RECORD ||
	       strset_get(&n->closure, name) != STRSET_NONE;
}

int pf_names_trigger(const pf_names *n, const char *name)
{
	return pf_names_trigger_flag(n, name) ||
	       fs_rules_name_role(n->rules, name) == FS_ROLE_CALL ||
	       strset_get(&n->calls, name) != STRSET_NONE;
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
		if (s == PF_FULL || fs_rules_name_role(n->rules, w) == FS_ROLE_FLAG ||
		    fs_rules_name_role(n->rules, w) == FS_ROLE_RECORD) {
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

/* Every definition in refs (next chains those of one name), and for each
 * word the definitions whose bodies name it (users). */
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
			for (size_t k = 0; k < d->body.count; k++) {
				const char *w = d->body.items[k];
				size_t head = strset_get(&n->users, w);
				pf_use *use;

				if (is_param(d, w))
					continue;
				if (!(use = AUDIT_PUSH(&n->uses)) ||
				    strset_put(&n->users, w, n->uses.count - 1))
					return -1;
				use->ref = n->refs.count - 1;
				use->next = head;
			}
		}
	return 0;
}

typedef struct worklist {
	AUDIT_VEC(size_t) items;
	size_t head;
	char *queued;		/* per definition */
	char *holder;		/* per definition: it has pastes */
	AUDIT_VEC(size_t) holders;	/* those not watched yet */
} worklist;

static int enqueue(worklist *w, size_t ref)
{
	size_t *slot;

	if (w->queued[ref])
		return 0;
	if (!(slot = AUDIT_PUSH(&w->items)))
		return -1;
	*slot = ref;
	w->queued[ref] = 1;
	return 0;
}

/* Definitions that name `name` are evaluated again. */
static int enqueue_users(pf_names *n, worklist *w, const char *name)
{
	for (size_t u = strset_get(&n->users, name); u != STRSET_NONE;
	     u = n->uses.items[u].next)
		if (enqueue(w, n->uses.items[u].ref))
			return -1;
	return 0;
}

/* `name` joined the names watched: pastes that can make it count now.
 * Only macros not watched yet can gain from it (a watched one's status
 * does not depend on which name its pastes make); the others leave the
 * list for good. */
static int enqueue_fitting(pf_names *n, worklist *w, const char *name)
{
	size_t kept = 0;

	for (size_t h = 0; h < w->holders.count; h++) {
		size_t ref = w->holders.items[h];
		const pf_define *d = n->refs.items[ref];

		if (status_of(n, d->name) != PF_NOT)
			continue;
		w->holders.items[kept++] = ref;
		for (size_t p = 0; p < d->pastes.count; p++)
			if (pf_paste_fits(&d->pastes.items[p], name)) {
				if (enqueue(w, ref))
					return -1;
				break;
			}
	}
	w->holders.count = kept;
	return 0;
}

static int note_holder(worklist *w, size_t ref, const pf_define *d)
{
	size_t *slot;

	if (w->holder[ref] || !d->pastes.count)
		return 0;
	if (!(slot = AUDIT_PUSH(&w->holders)))
		return -1;
	*slot = ref;
	w->holder[ref] = 1;
	return 0;
}

/* Evaluates one definition; what changed puts others back on the list. */
static int step(pf_names *n, worklist *w, size_t ref)
{
	pf_define *d = n->refs.items[ref];
	size_t now = status_of(n, d->name), s, pastes = d->pastes.count;
	int grew = 0, oom = 0, any = d->paste_any;

	if (now == PF_FULL)
		return 0;
	s = evaluate(n, d, &grew, &oom);
	grew |= d->pastes.count != pastes || d->paste_any != any;
	if (oom || note_holder(w, ref, d))
		return -1;
	if (s < now && strset_put(&n->closure, d->name, s))
		return -1;
	if ((s < now || grew) && enqueue_users(n, w, d->name))
		return -1;
	return s < now && now == PF_NOT ? enqueue_fitting(n, w, d->name) : 0;
}

/* Steps until the list is empty (or res says it failed), then frees it. */
static int drain(pf_names *n, worklist *w, int res)
{
	while (!res && w->head < w->items.count) {
		size_t ref = w->items.items[w->head++];

		w->queued[ref] = 0;
		res = step(n, w, ref);
	}
	free(w->items.items);
	free(w->queued);
	free(w->holder);
	free(w->holders.items);
	return res ? -1 : 0;
}

/* Whether d's body names a function of role FS_ROLE_CALL or a macro
 * already known to call one. */
static int calls_one(const pf_names *n, const pf_define *d)
{
	for (size_t k = 0; k < d->body.count; k++) {
		const char *w = d->body.items[k];

		if (!is_param(d, w) &&
		    (fs_rules_name_role(n->rules, w) == FS_ROLE_CALL ||
		     strset_get(&n->calls, w) != STRSET_NONE))
			return 1;
	}
	return 0;
}

/* The macros that call a function of role FS_ROLE_CALL (a wrapper macro
 * a number may be given to), closed over macros naming such macros: a
 * pass that adds none ends it. Kept apart from the closure over flag
 * names, which the cover set reads for what headers declare. */
static int close_calls(pf_names *n)
{
	int added = 1;

	while (added) {
		added = 0;
		for (size_t i = 0; i < n->refs.count; i++) {
			const pf_define *d = n->refs.items[i];

			if (strset_get(&n->calls, d->name) != STRSET_NONE ||
			    !calls_one(n, d))
				continue;
			if (strset_put(&n->calls, d->name, 0))
				return -1;
			added = 1;
		}
	}
	return 0;
}

int pf_names_close(pf_names *n, pf_file *files, size_t nfiles)
{
	worklist w = { { NULL, 0, 0 }, 0, NULL, NULL, { NULL, 0, 0 } };
	int res = index_defines(n, files, nfiles);
	size_t count = n->refs.count ? n->refs.count : 1;

	if (!res && (!(w.queued = calloc(count, 1)) ||
		     !(w.holder = calloc(count, 1))))
		res = -1;
	for (size_t i = 0; !res && i < n->refs.count; i++)
		res = enqueue(&w, i);
	res = drain(n, &w, res);
	return res ? res : close_calls(n);
}

int pf_names_carry(pf_names *n, const pf_strs *names)
{
	size_t count = n->refs.count ? n->refs.count : 1;
	worklist w = { { NULL, 0, 0 }, 0, NULL, NULL, { NULL, 0, 0 } };
	int res = 0;

	if (!(w.queued = calloc(count, 1)) || !(w.holder = calloc(count, 1)))
		res = -1;
	/* Macros not watched yet whose pastes may make a new name. */
	for (size_t i = 0; !res && i < n->refs.count; i++)
		if (status_of(n, n->refs.items[i]->name) == PF_NOT)
			res = note_holder(&w, i, n->refs.items[i]);
	for (size_t i = 0; !res && i < names->count; i++) {
		const char *name = names->items[i];

		if (status_of(n, name) == PF_FULL)
			continue;
		if (strset_put(&n->closure, name, PF_FULL) ||
		    enqueue_users(n, &w, name) || enqueue_fitting(n, &w, name))
			res = -1;
	}
	return drain(n, &w, res);
}

void pf_names_free(pf_names *n)
{
	strset_free(&n->closure);
	strset_free(&n->calls);
	strset_free(&n->defs);
	strset_free(&n->users);
	free(n->uses.items);
	strset_free(&n->macros);
	free(n->refs.items);
	free(n->next.items);
}
