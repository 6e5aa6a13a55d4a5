/* share_ids.c: a file's tests, uses and replacement lists as name ids,
 * the same names share_reach.c reads from the text. */
#include <stdlib.h>
#include <string.h>

#include "share_ids.h"
#include "share_text.h"

size_t share_id_make(strset *names, const char *name, size_t len)
{
	char *key = strndup(name, len);
	size_t id;

	if (!key)
		return STRSET_NONE;
	id = strset_get(names, key);
	if (id == STRSET_NONE && !strset_put(names, key, names->count))
		id = names->count - 1;
	free(key);
	return id;
}

static int push_id(share_idxs *v, strset *names, const char *w, size_t len)
{
	size_t *slot, id = share_id_make(names, w, len);

	if (id == STRSET_NONE || !(slot = AUDIT_PUSH(v)))
		return -1;
	*slot = id;
	return 0;
}

/* The names of a replacement list, as share_reach's expand reads it. */
static int add_macro(share_scan_ids *v, strset *names, const share_mark *m)
{
	const char *p = m->body, *end = p + strlen(p), *w, *we;
	share_macro_ids *mac = AUDIT_PUSH(&v->macros);
	size_t name;

	if (!mac || (name = share_id_make(names, m->name, strlen(m->name))) ==
			    STRSET_NONE)
		return -1;
	mac->name = name;
	mac->first = v->words.count;
	while (share_next_ident(&p, end, &w, &we))
		if (push_id(&v->words, names, w, (size_t)(we - w)))
			return -1;
	mac->count = v->words.count - mac->first;
	return 0;
}

static int make(share_scan_ids *v, strset *names, const share_text_scan *s)
{
	for (size_t i = 0; i < s->marks.count; i++) {
		const share_mark *m = &s->marks.items[i];

		if (m->kind == SHARE_TESTS &&
		    push_id(&v->tests, names, m->name, strlen(m->name)))
			return -1;
		if (m->body && add_macro(v, names, m))
			return -1;
	}
	for (size_t i = 0; i < s->uses.cap; i++)
		if (s->uses.keys[i] &&
		    push_id(&v->uses, names, s->uses.keys[i],
			    strlen(s->uses.keys[i])))
			return -1;
	return 0;
}

const share_scan_ids *share_scan_ids_of(strset *names, share_text_scan *s)
{
	share_scan_ids *v = s->idv;

	if (v)
		return v;
	if (!(v = calloc(1, sizeof(*v))))
		return NULL;
	if (make(v, names, s)) {
		share_scan_ids_free(v);
		return NULL;
	}
	return s->idv = v;
}

void share_scan_ids_free(share_scan_ids *v)
{
	if (!v)
		return;
	free(v->tests.items);
	free(v->uses.items);
	free(v->macros.items);
	free(v->words.items);
	free(v);
}
