/* share_pch_text.c: a shared set's headers read once: which header
 * defines what, their macros' replacement lists, and the names the set's
 * own preprocessing tests or expands (what a change before it changes). */
#include <stdlib.h>
#include <string.h>

#include "share_ids.h"
#include "share_pch_text.h"

static int where_add(struct share_pch_text *t, const share_mark *m,
		     size_t h)
{
	size_t head = strset_get(&t->defs, m->name);
	share_where *w;

	if (head != STRSET_NONE && t->at.items[head].header == h) {
		w = &t->at.items[head];
		w->differ |= m->kind == SHARE_DEFINES && m->cond != w->cond;
		w->undef = m->kind == SHARE_UNDEFINES && !w->differ &&
			   m->cond == w->cond;
		return 0;
	}
	if (!(w = AUDIT_PUSH(&t->at)))
		return -1;
	w->header = h;
	w->next = head;
	w->cond = m->cond;
	w->undef = m->kind == SHARE_UNDEFINES;
	return strset_put(&t->defs, m->name, t->at.count - 1);
}

static int read_header(struct share_pch_text *t, share_files *files,
		       const char *path, size_t h)
{
	share_text_scan *s = share_files_get(files, path), **slot;

	if (!s || !(slot = AUDIT_PUSH(&t->scans)))
		return -1;
	*slot = s;
	if (!s->readable) {
		t->unread = 1;
		t->bad = h;
		return 0;
	}
	for (size_t i = 0; i < s->marks.count; i++)
		if (s->marks.items[i].kind != SHARE_TESTS &&
		    where_add(t, &s->marks.items[i], h))
			return -1;
	return share_bodies_add(&t->bodies, s);
}

int share_pch_read(share_files *files, share_pch *pch)
{
	struct share_pch_text *t = pch->text;

	if (t)
		return 0;
	if (!(t = pch->text = calloc(1, sizeof(*t))))
		return -1;
	t->names = &files->names;
	for (size_t h = 0; h < pch->headers.count && !t->unread; h++)
		if (read_header(t, files, pch->headers.items[h], h))
			return -1;
	return 0;
}

/* The per-id arrays as long as the ids made so far, new entries none. */
static int grow_ids(struct share_pch_text *t)
{
	size_t n = t->names->count, *a, *b;

	if (n <= t->nlive)
		return 0;
	a = realloc(t->live_at, n * sizeof(*a));
	if (a)
		t->live_at = a;
	b = realloc(t->walked, n * sizeof(*b));
	if (b)
		t->walked = b;
	if (!a || !b)
		return -1;
	for (size_t i = t->nlive; i < n; i++)
		a[i] = b[i] = STRSET_NONE;
	t->nlive = n;
	return 0;
}

/* Chains the macros of view v into head (n ids long) and t->macs. */
static int chain(struct share_pch_text *t, size_t *head, size_t n,
		 const share_scan_ids *v)
{
	for (size_t m = 0; m < v->macros.count; m++) {
		size_t id = v->macros.items[m].name;
		struct share_mac_at *at;

		if (id >= n || !(at = AUDIT_PUSH(&t->macs)))
			return -1;
		*at = (struct share_mac_at){ v, m, head[id] };
		head[id] = t->macs.count - 1;
	}
	return 0;
}

/* The headers' macros by id, once per set: t->head over the ids made
 * by then, which every name the headers define is among. */
static int index_headers(struct share_pch_text *t)
{
	const share_scan_ids *v;

	if (t->head)
		return 0;
	for (size_t h = 0; h < t->scans.count; h++)
		if (!share_scan_ids_of(t->names, t->scans.items[h]))
			return -1;
	t->nhead = t->names->count;
	if (!(t->head = malloc((t->nhead + 1) * sizeof(*t->head))))
		return -1;
	for (size_t i = 0; i < t->nhead; i++)
		t->head[i] = STRSET_NONE;
	for (size_t h = 0; h < t->scans.count; h++)
		if (!(v = share_scan_ids_of(t->names, t->scans.items[h])) ||
		    chain(t, t->head, t->nhead, v))
			return -1;
	t->macs_of_set = t->macs.count;
	return 0;
}

/* One walk: the queue, and the more files' macros by id. */
typedef struct walk {
	struct share_pch_text *t;
	size_t *more_head;	/* t->nlive long */
	share_idxs queue;
	size_t origin;
} walk;

static int mark_live(walk *w, size_t id)
{
	struct share_pch_text *t = w->t;
	size_t *slot;

	if (t->live_at[id] != STRSET_NONE && t->live_at[id] <= w->origin)
		return 0;
	if (t->live_at[id] == STRSET_NONE) {
		/* walked only after live: this id is new to the walk */
		if (!(slot = AUDIT_PUSH(&t->touched)))
			return -1;
		*slot = id;
	}
	t->live_at[id] = w->origin;
	return 0;
}

/* A name expanded: live, and its macros walked unless they were from an
 * origin no larger (what a larger origin reaches, a smaller does too). */
static int visit(walk *w, size_t id)
{
	struct share_pch_text *t = w->t;
	size_t *slot;

	if (mark_live(w, id))
		return -1;
	if (t->walked[id] != STRSET_NONE && t->walked[id] <= w->origin)
		return 0;
	t->walked[id] = w->origin;
	if (!(slot = AUDIT_PUSH(&w->queue)))
		return -1;
	*slot = id;
	return 0;
}

static int expand_chain(walk *w, size_t at)
{
	for (; at != STRSET_NONE; at = w->t->macs.items[at].next) {
		const struct share_mac_at *m = &w->t->macs.items[at];
		const share_macro_ids *mac = &m->v->macros.items[m->mac];

		for (size_t i = 0; i < mac->count; i++)
			if (visit(w, m->v->words.items[mac->first + i]))
				return -1;
	}
	return 0;
}

/* Every name a use of `root` can expand to, through the replacement
 * lists of the set's and the more files' macros. */
static int expand(walk *w, size_t root)
{
	struct share_pch_text *t = w->t;

	w->queue.count = 0;
	if (visit(w, root))
		return -1;
	for (size_t i = 0; i < w->queue.count; i++) {
		size_t id = w->queue.items[i];

		if ((id < t->nhead && expand_chain(w, t->head[id])) ||
		    expand_chain(w, w->more_head[id]))
			return -1;
	}
	return 0;
}

/* The names file v tests (read, not expanded) or uses in code. */
static int walk_file(walk *w, const share_scan_ids *v)
{
	for (size_t i = 0; i < v->tests.count; i++)
		if (mark_live(w, v->tests.items[i]))
			return -1;
	for (size_t i = 0; i < v->uses.count; i++)
		if (expand(w, v->uses.items[i]))
			return -1;
	return 0;
}

/* Forgets the last walk: the ids it touched, the more files' macros. */
static void forget(struct share_pch_text *t)
{
	for (size_t i = 0; i < t->touched.count; i++) {
		size_t id = t->touched.items[i];

		t->live_at[id] = t->walked[id] = STRSET_NONE;
	}
	t->touched.count = 0;
	t->macs.count = t->macs_of_set;
	free(t->live_key);
	t->live_key = NULL;
	AUDIT_FREE_STRS(&t->live_from);
}

static int live_walk(struct share_pch_text *t, share_text_scan *const *more,
		     size_t nmore, share_text_scan *const *side, size_t nside)
{
	walk w = { t, NULL, { NULL, 0, 0 }, 0 };
	const share_scan_ids *v;
	int res = -1;

	for (size_t k = 0; k < nmore; k++)
		if (!share_scan_ids_of(t->names, more[k]))
			return -1;
	for (size_t k = 0; k < nside; k++)
		if (!share_scan_ids_of(t->names, side[k]))
			return -1;
	if (grow_ids(t) || !(w.more_head = malloc((t->nlive + 1) *
						  sizeof(size_t))))
		goto out;
	for (size_t i = 0; i < t->nlive; i++)
		w.more_head[i] = STRSET_NONE;
	for (size_t k = 0; k < nmore; k++)
		if (chain(t, w.more_head, t->nlive, more[k]->idv))
			goto out;
	/* The last first: a name keeps the last file reading it. */
	for (size_t k = nside; k-- > 0;) {
		w.origin = nside - 1 - k;
		v = side[k]->idv;
		if (walk_file(&w, v))
			goto out;
	}
	res = 0;
out:
	free(w.more_head);
	free(w.queue.items);
	return res;
}

int share_pch_live(struct share_pch_text *t, share_text_scan *const *more,
		   size_t nmore, share_text_scan *const *side, size_t nside,
		   const char *key)
{
	if (t->live_key && !strcmp(t->live_key, key))
		return 0;
	forget(t);
	if (index_headers(t))
		return -1;
	for (size_t k = 0; k < nside; k++) {
		char **slot = AUDIT_PUSH(&t->live_from);

		if (!slot || !(*slot = strdup(side[k]->path)))
			return -1;
	}
	if (live_walk(t, more, nmore, side, nside))
		return -1;
	return (t->live_key = strdup(key)) ? 0 : -1;
}

const char *share_pch_live_in(const struct share_pch_text *t,
			      const char *name)
{
	size_t id = t->names ? strset_get(t->names, name) : STRSET_NONE;
	size_t r = id < t->nlive ? t->live_at[id] : STRSET_NONE;

	return r == STRSET_NONE ? NULL
		: t->live_from.items[t->live_from.count - 1 - r];
}

void share_pch_text_free(struct share_pch_text *t)
{
	if (!t)
		return;
	strset_free(&t->defs);
	free(t->at.items);
	share_bodies_free(&t->bodies);
	free(t->scans.items);
	free(t->live_at);
	free(t->walked);
	free(t->touched.items);
	free(t->live_key);
	AUDIT_FREE_STRS(&t->live_from);
	free(t->head);
	free(t->macs.items);
	free(t);
}
