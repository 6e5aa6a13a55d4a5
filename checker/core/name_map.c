/* name_map.c: open-addressing hash table from a name to an index. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/fnv.h"
#include "name_map.h"

static int key_equals(const char *key, const char *s, size_t n)
{
	return strncmp(key, s, n) == 0 && key[n] == '\0';
}

/* Returns the slot holding s[0..n), or the empty slot where it would go.
 * FNV-1a: short names, no adversary worth a keyed hash. */
static size_t find_slot(const fs_name_map *map, const char *s, size_t n)
{
	size_t mask = map->cap - 1;
	size_t i = (size_t)fs_fnv64(s, n) & mask;

	while (map->keys[i] && !key_equals(map->keys[i], s, n))
		i = (i + 1) & mask;
	return i;
}

size_t fs_map_getn(const fs_name_map *map, const char *s, size_t n)
{
	size_t i;

	if (!map->cap || memchr(s, '\0', n))
		return FS_NONE;
	i = find_slot(map, s, n);
	return map->keys[i] ? map->values[i] : FS_NONE;
}

size_t fs_map_get(const fs_name_map *map, const char *name)
{
	return fs_map_getn(map, name, strlen(name));
}

static int map_grow(fs_name_map *map)
{
	fs_name_map bigger = { 0 };

	bigger.cap = map->cap ? map->cap * 2 : 64;
	if (bigger.cap > SIZE_MAX / sizeof(size_t) || bigger.cap < map->cap)
		return -1;
	bigger.keys = calloc(bigger.cap, sizeof(*bigger.keys));
	bigger.values = calloc(bigger.cap, sizeof(*bigger.values));
	if (!bigger.keys || !bigger.values) {
		fs_map_clear(&bigger);
		return -1;
	}
	for (size_t i = 0; i < map->cap; i++)
		if (map->keys[i])
			fs_map_put(&bigger, map->keys[i], map->values[i]);
	fs_map_clear(map);
	*map = bigger;
	return 0;
}

int fs_map_put(fs_name_map *map, const char *name, size_t value)
{
	size_t n = strlen(name);
	size_t i;

	/* Keep the load under one half so that probes stay short. */
	if ((map->count + 1) * 2 > map->cap && map_grow(map))
		return -1;
	i = find_slot(map, name, n);
	if (!map->keys[i]) {
		map->keys[i] = name;
		map->count++;
	}
	map->values[i] = value;
	return 0;
}

void fs_map_clear(fs_name_map *map)
{
	free(map->keys);
	free(map->values);
	*map = (fs_name_map){ 0 };
}
