/* arena.c: a chunked bump allocator, released all at once or back to a mark. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

enum { CHUNK_SIZE = 16384, ALIGN = sizeof(void *) > 8 ? sizeof(void *) : 8 };

struct fs_arena_chunk {
	struct fs_arena_chunk *next;
	size_t size;
	size_t used;
	_Alignas(max_align_t) unsigned char data[];
};

static struct fs_arena_chunk *chunk_new(size_t need)
{
	size_t size = need > CHUNK_SIZE ? need : CHUNK_SIZE;
	struct fs_arena_chunk *chunk;

	if (size > SIZE_MAX - sizeof(*chunk))
		return NULL;
	chunk = malloc(sizeof(*chunk) + size);
	if (!chunk)
		return NULL;
	chunk->size = size;
	chunk->used = 0;
	return chunk;
}

void *fs_arena_alloc(fs_arena *arena, size_t size)
{
	struct fs_arena_chunk *chunk = arena->head;
	size_t rounded;
	void *p;

	if (size > SIZE_MAX - ALIGN)
		return NULL;
	rounded = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (!chunk || chunk->size - chunk->used < rounded) {
		chunk = chunk_new(rounded);
		if (!chunk)
			return NULL;
		chunk->next = arena->head;
		arena->head = chunk;
	}
	p = chunk->data + chunk->used;
	chunk->used += rounded;
	memset(p, 0, rounded);
	return p;
}

char *fs_arena_strndup(fs_arena *arena, const char *s, size_t n)
{
	char *copy;

	if (n == SIZE_MAX)
		return NULL;
	copy = fs_arena_alloc(arena, n + 1);
	if (copy && n)
		memcpy(copy, s, n);
	return copy;
}

fs_arena_mark fs_arena_get_mark(const fs_arena *arena)
{
	fs_arena_mark mark = { arena->head, 0 };

	if (arena->head)
		mark.used = arena->head->used;
	return mark;
}

void fs_arena_release(fs_arena *arena, fs_arena_mark mark)
{
	while (arena->head && arena->head != mark.head) {
		struct fs_arena_chunk *next = arena->head->next;

		free(arena->head);
		arena->head = next;
	}
	if (arena->head)
		arena->head->used = mark.used;
}

void fs_arena_free(fs_arena *arena)
{
	fs_arena_mark none = { NULL, 0 };

	fs_arena_release(arena, none);
}
