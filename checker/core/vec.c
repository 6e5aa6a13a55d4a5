/* vec.c: growth of heap arrays, and lists of indices. */
#include <stdint.h>
#include <stdlib.h>

#include "vec.h"

int fs_vec_reserve(void **items, size_t *cap, size_t need, size_t elem)
{
	size_t new_cap = *cap ? *cap : 8;
	void *p;

	if (need <= *cap)
		return 0;
	while (new_cap < need) {
		if (new_cap > SIZE_MAX / 2)
			return -1;
		new_cap *= 2;
	}
	if (new_cap > SIZE_MAX / elem)
		return -1;
	p = realloc(*items, new_cap * elem);
	if (!p)
		return -1;
	*items = p;
	*cap = new_cap;
	return 0;
}

int fs_ids_push(fs_ids *ids, size_t id)
{
	void *items = ids->items;

	if (fs_vec_reserve(&items, &ids->cap, ids->count + 1, sizeof(size_t)))
		return -1;
	ids->items = items;
	ids->items[ids->count++] = id;
	return 0;
}

void fs_ids_free(fs_ids *ids)
{
	free(ids->items);
	ids->items = NULL;
	ids->count = 0;
	ids->cap = 0;
}
