/* share_order.c: a set's headers in another order. The PCH holds them as
 * the unit that writes their names opens them; another unit may open
 * them otherwise (slab.h before fs.h). Where a header tests a name
 * another header of the set defines, the test may then see another
 * state: the unit reads the PCH only when each such test stands, in its
 * own include tree (share_tree.h), on the same side of the defining
 * header as in the PCH's: after it, inside it (the definer includes the
 * tester), or before it. The trees are rebuilt from the first-open
 * order, as share_sound's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "share_order.h"
#include "share_pch_text.h"

enum { SIDE_BEFORE, SIDE_INSIDE, SIDE_AFTER };

/* Each test in header h of a name another header of the set #defines or
 * #undefs, from the set's own index of them (share_pch_text.h). */
static int add_tests(const struct share_pch_text *t, const share_text_scan *f,
		     size_t h, share_tests *out)
{
	for (size_t m = 0; m < f->marks.count; m++) {
		const share_mark *k = &f->marks.items[m];

		if (k->kind != SHARE_TESTS)
			continue;
		for (size_t w = strset_get(&t->defs, k->name); w != STRSET_NONE;
		     w = t->at.items[w].next) {
			share_test *p;

			if (t->at.items[w].header == h)
				continue;
			if (!(p = AUDIT_PUSH(out)))
				return -1;
			*p = (share_test){ h, k->line, t->at.items[w].header,
					   k->name };
		}
	}
	return 0;
}

int share_order_tests(share_files *files, share_pch *pch, share_tests *out)
{
	if (share_pch_read(files, pch))
		return -1;
	for (size_t h = 0; h < pch->headers.count; h++) {
		share_text_scan *f = share_files_get(files, pch->headers.items[h]);

		if (!f || add_tests(pch->text, f, h, out))
			return -1;
	}
	return 0;
}

int share_order_view(share_files *files, const share_pch *pch,
		     const share_deps *unit, const share_strs *forced,
		     share_view *out)
{
	const share_strs *f = &unit->files;
	char *in_p = calloc(f->count + 1, 1);
	strset at = { 0 };
	int res = in_p ? 0 : -1;

	out->nodes = calloc(f->count + 1, sizeof(*out->nodes));
	out->pos = calloc(pch->headers.count + 1, sizeof(size_t));
	res = !out->nodes || !out->pos ? -1 : res;
	for (size_t i = 0; !res && i < f->count; i++)
		if (strset_get(&at, f->items[i]) == STRSET_NONE)
			res = strset_put(&at, f->items[i], i);
	for (size_t h = 0; !res && h < pch->headers.count; h++) {
		size_t i = strset_get(&at, pch->headers.items[h]);

		res = i == STRSET_NONE || !i ? -1 : 0;
		if (!res)
			out->pos[h] = i, in_p[i] = 1;
	}
	if (!res)
		res = share_tree(files, f, forced, in_p, out->nodes);
	strset_free(&at);
	free(in_p);
	return res;
}

void share_order_view_free(share_view *v)
{
	free(v->nodes);
	free(v->pos);
	memset(v, 0, sizeof(*v));
}

/* Where test t stands, in view v, against its defining header. */
static int side(const share_view *v, const share_test *t)
{
	size_t at = v->pos[t->tests], d = v->pos[t->defines];

	if (d < at && at <= v->nodes[d].end)
		return SIDE_INSIDE;
	return d <= share_tree_before(v->nodes, at, t->line) ? SIDE_AFTER
							     : SIDE_BEFORE;
}

int share_order_same(const share_pch *set, const share_tests *tests,
		     const share_view *u, const share_view *pch, char *why,
		     size_t size)
{
	static const char *const said[] = { "before", "inside", "after" };

	for (size_t k = 0; k < tests->count; k++) {
		const share_test *t = &tests->items[k];
		int mine = side(u, t), theirs = side(pch, t);

		if (mine == theirs)
			continue;
		snprintf(why, size, "%s:%zu tests %s %s %s, which defines it, "
			 "and the shared headers read it %s", set->headers.items[t->tests],
			 t->line, t->name, said[mine], set->headers.items[t->defines],
			 said[theirs]);
		return 0;
	}
	return 1;
}
