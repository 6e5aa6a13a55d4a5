/* share_pch_text.c: a shared set's headers read once: which header
 * defines what, their macros' replacement lists, and the names the set's
 * own preprocessing tests or expands (what a change before it changes). */
#include <stdlib.h>
#include <string.h>

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
	for (size_t h = 0; h < pch->headers.count && !t->unread; h++)
		if (read_header(t, files, pch->headers.items[h], h))
			return -1;
	return 0;
}

/* The names s tests or uses in code, walked from origin h. */
static int walk_file(struct share_pch_text *t, const share_text_scan *s,
		     size_t h, const share_bodies *const *maps)
{
	char *hit;

	/* A name tested is not expanded: itself, no replacement list. */
	for (size_t i = 0; i < s->marks.count; i++)
		if (s->marks.items[i].kind == SHARE_TESTS &&
		    share_reach(maps, 0, &t->live, s->marks.items[i].name, h,
				NULL, NULL, &hit) < 0)
			return -1;
	for (size_t i = 0; i < s->uses.cap; i++)
		if (s->uses.keys[i] &&
		    share_reach(maps, 2, &t->live, s->uses.keys[i], h, NULL,
				NULL, &hit) < 0)
			return -1;
	return 0;
}

int share_pch_live(struct share_pch_text *t, const share_bodies *more,
		   share_text_scan *const *side, size_t nside, const char *key)
{
	const share_bodies *maps[] = { &t->bodies, more };

	if (t->live_key && !strcmp(t->live_key, key))
		return 0;
	strset_free(&t->live);
	free(t->live_key);
	t->live_key = NULL;
	AUDIT_FREE_STRS(&t->live_from);
	for (size_t k = 0; k < nside; k++) {
		char **slot = AUDIT_PUSH(&t->live_from);

		if (!slot || !(*slot = strdup(side[k]->path)))
			return -1;
	}
	/* The last first: a name keeps the last file reading it. */
	for (size_t k = nside; k-- > 0;)
		if (walk_file(t, side[k], nside - 1 - k, maps))
			return -1;
	return (t->live_key = strdup(key)) ? 0 : -1;
}

const char *share_pch_live_in(const struct share_pch_text *t,
			      const char *name)
{
	size_t r = strset_get(&t->live, name);

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
	strset_free(&t->live);
	free(t->live_key);
	AUDIT_FREE_STRS(&t->live_from);
	free(t);
}
