/* arena.h: the allocator that owns every string and list of a rule set. */
#ifndef FS_ARENA_H
#define FS_ARENA_H

#include <stddef.h>

struct fs_arena_chunk;

typedef struct fs_arena {
	struct fs_arena_chunk *head;	/* newest chunk first */
} fs_arena;

/* A point to roll back to: everything allocated after it is released. */
typedef struct fs_arena_mark {
	struct fs_arena_chunk *head;
	size_t used;
} fs_arena_mark;

/* Returns zeroed, pointer-aligned memory, or NULL when out of memory. */
void *fs_arena_alloc(fs_arena *arena, size_t size);
/* Returns a NUL-terminated copy of s[0..n), or NULL when out of memory. */
char *fs_arena_strndup(fs_arena *arena, const char *s, size_t n);
fs_arena_mark fs_arena_get_mark(const fs_arena *arena);
void fs_arena_release(fs_arena *arena, fs_arena_mark mark);
void fs_arena_free(fs_arena *arena);

#endif
