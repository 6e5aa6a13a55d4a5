/* strset.c: an open-addressing hash map from strings to size_t. */
#include <stdlib.h>
#include <string.h>

#include "base/fnv.h"
#include "strset.h"

static size_t slot(const strset *s, const char *key)
{
	size_t i = (size_t)fs_fnv64_str(key) & (s->cap - 1);

	while (s->keys[i] && strcmp(s->keys[i], key))
		i = (i + 1) & (s->cap - 1);
	return i;
}

size_t strset_get(const strset *s, const char *key)
{
	size_t i;

	if (!s->cap)
		return STRSET_NONE;
	i = slot(s, key);
	return s->keys[i] ? s->values[i] : STRSET_NONE;
}

static int grow(strset *s)
{
	strset bigger = { NULL, NULL, s->cap ? 2 * s->cap : 64, 0 };

	bigger.keys = calloc(bigger.cap, sizeof(char *));
	bigger.values = calloc(bigger.cap, sizeof(size_t));
	if (!bigger.keys || !bigger.values) {
		free(bigger.keys);
		free(bigger.values);
		return -1;
	}
	for (size_t i = 0; i < s->cap; i++)
		if (s->keys[i]) {
			size_t k = slot(&bigger, s->keys[i]);

			bigger.keys[k] = s->keys[i];
			bigger.values[k] = s->values[i];
			bigger.count++;
		}
	free(s->keys);
	free(s->values);
	*s = bigger;
	return 0;
}

int strset_put(strset *s, const char *key, size_t value)
{
	size_t i;

	if ((s->count + 1) * 2 > s->cap && grow(s))
		return -1;
	i = slot(s, key);
	if (!s->keys[i]) {
		if (!(s->keys[i] = strdup(key)))
			return -1;
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
	*s = (strset){ 0 };
}
