/* share_reach.c: the names a use of a name can expand to. Every
 * definition of a macro counts, whichever holds at the use: more names
 * only make share_sound say no more often. */
#include <stdlib.h>
#include <string.h>

#include "share_reach.h"
#include "share_text.h"

int share_bodies_add(share_bodies *b, const share_text_scan *s)
{
	for (size_t i = 0; i < s->marks.count; i++) {
		const share_mark *m = &s->marks.items[i];
		share_body *e;

		if (!m->body)
			continue;
		if (!(e = AUDIT_PUSH(&b->at)))
			return -1;
		e->body = m->body;
		e->next = strset_get(&b->first, m->name);
		if (strset_put(&b->first, m->name, b->at.count - 1))
			return -1;
	}
	return 0;
}

void share_bodies_free(share_bodies *b)
{
	strset_free(&b->first);
	free(b->at.items);
	memset(b, 0, sizeof(*b));
}

typedef AUDIT_VEC(char *) name_queue;

/* Queues [w, we) unless seen has it from an origin no larger (what a
 * larger origin finds, a smaller finds too). Returns 1 when queued, 0
 * when not, -1 when out of memory. */
static int visit(name_queue *q, strset *seen, const char *w, const char *we,
		 size_t origin)
{
	char *name = strndup(w, (size_t)(we - w)), **slot;
	size_t was;

	if (!name)
		return -1;
	if ((was = strset_get(seen, name)) != STRSET_NONE && was <= origin) {
		free(name);
		return 0;
	}
	if (strset_put(seen, name, origin) || !(slot = AUDIT_PUSH(q))) {
		free(name);
		return -1;
	}
	*slot = name;
	return 1;
}

/* Queues the names of every body `name` has in maps. */
static int expand(const share_bodies *const *maps, size_t nmaps,
		  const char *name, name_queue *q, strset *seen, size_t origin)
{
	for (size_t m = 0; m < nmaps; m++)
		for (size_t i = strset_get(&maps[m]->first, name);
		     i != STRSET_NONE; i = maps[m]->at.items[i].next) {
			const char *p = maps[m]->at.items[i].body, *w, *we;
			const char *end = p + strlen(p);

			while (share_next_ident(&p, end, &w, &we))
				if (visit(q, seen, w, we, origin) < 0)
					return -1;
		}
	return 0;
}

int share_reach(const share_bodies *const *maps, size_t nmaps, strset *seen,
		const char *root, size_t origin, share_stop_fn *stop,
		void *ctx, char **hit)
{
	name_queue q = { 0 };
	int res = visit(&q, seen, root, root + strlen(root), origin);

	res = res < 0 ? -1 : 0;
	for (size_t i = 0; !res && i < q.count; i++) {
		if (stop && stop(ctx, q.items[i])) {
			*hit = q.items[i];
			q.items[i] = NULL;
			res = 1;
		} else {
			res = expand(maps, nmaps, q.items[i], &q, seen, origin);
		}
	}
	AUDIT_FREE_STRS(&q);
	return res;
}
