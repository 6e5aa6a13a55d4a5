/* strset.c: an open-addressing hash map from strings to size_t. Each
 * slot keeps its key's hash: a probe compares whole keys only when the
 * hashes agree, and growing hashes no key again. */
#include <stdlib.h>
#include <string.h>

#include "base/fnv.h"
#include "strset.h"

static size_t slot(const strset *s, const char *key, uint64_t hash)
{
	size_t i = (size_t)hash & (s->cap - 1);

	while (s->keys[i] && (s->hashes[i] != hash || strcmp(s->keys[i], key)))
		i = (i + 1) & (s->cap - 1);
	return i;
}

size_t strset_get(const strset *s, const char *key)
{
	size_t i;

	if (!s->cap)
		return STRSET_NONE;
	i = slot(s, key, fs_fnv64_str(key));
	return s->keys[i] ? s->values[i] : STRSET_NONE;
}

static int grow(strset *s)
{
	strset bigger = { 0 };

	bigger.cap = s->cap ? 2 * s->cap : 64;
	bigger.keys = calloc(bigger.cap, sizeof(char *));
	bigger.values = calloc(bigger.cap, sizeof(size_t));
	bigger.hashes = calloc(bigger.cap, sizeof(uint64_t));
	if (!bigger.keys || !bigger.values || !bigger.hashes) {
		free(bigger.keys);
		free(bigger.values);
		free(bigger.hashes);
		return -1;
	}
	for (size_t i = 0; i < s->cap; i++)
		if (s->keys[i]) {
			size_t k = (size_t)s->hashes[i] & (bigger.cap - 1);

			while (bigger.keys[k])	/* keys are distinct */
				k = (k + 1) & (bigger.cap - 1);
			bigger.keys[k] = s->keys[i];
			bigger.values[k] = s->values[i];
			bigger.hashes[k] = s->hashes[i];
			bigger.count++;
		}
	free(s->keys);
	free(s->values);
	free(s->hashes);
	*s = bigger;
	return 0;
}

int strset_put(strset *s, const char *key, size_t value)
{
	uint64_t hash = fs_fnv64_str(key);
	size_t i;

	if ((s->count + 1) * 2 > s->cap && grow(s))
		return -1;
	i = slot(s, key, hash);
	if (!s->keys[i]) {
		if (!(s->keys[i] = strdup(key)))
			return -1;
		s->hashes[i] = hash;
		s->count++;
	}
	s->values[i] = value;
	return 0;
}

void strset_free(strset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->keys[i]);
	free(s->keys);
	free(s->values);
	free(s->hashes);
	*s = (strset){ 0 };
}
