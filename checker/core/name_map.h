/* name_map.h: a hash table from a name to an index into a rule table. */
#ifndef FS_NAME_MAP_H
#define FS_NAME_MAP_H

#include <stddef.h>

#define FS_NONE ((size_t)-1)

/* Keys are not copied: they must outlive the map (they live in the rule
 * set's arena). */
typedef struct fs_name_map {
	const char **keys;
	size_t *values;
	size_t count;
	size_t cap;		/* 0 or a power of two */
} fs_name_map;

/* Returns the value stored for `name`, or FS_NONE. */
size_t fs_map_get(const fs_name_map *map, const char *name);
/* Same, for a name given as s[0..n) that need not be NUL-terminated. */
size_t fs_map_getn(const fs_name_map *map, const char *s, size_t n);
/* Inserts or replaces. Returns 0, or -1 when out of memory. */
int fs_map_put(fs_name_map *map, const char *name, size_t value);
void fs_map_clear(fs_name_map *map);	/* frees the storage too */

#endif
