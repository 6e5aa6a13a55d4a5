/* vec.h: growth of heap arrays, and the list-of-indices type the tables use. */
#ifndef FS_VEC_H
#define FS_VEC_H

#include <stddef.h>

/* Makes room for `need` elements of `elem` bytes in *items (capacity *cap).
 * Returns 0, or -1 when out of memory or on overflow (*items unchanged). */
int fs_vec_reserve(void **items, size_t *cap, size_t need, size_t elem);

/* A growable list of indices into one of the rule tables. */
typedef struct fs_ids {
	size_t *items;
	size_t count;
	size_t cap;
} fs_ids;

int fs_ids_push(fs_ids *ids, size_t id);
void fs_ids_free(fs_ids *ids);

#endif
