/* strset.h: a hash map from strings to small records, for the prefilter's
 * caches (files by path, resolved includes, names). */
#ifndef FS_STRSET_H
#define FS_STRSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct strset {
	char **keys;
	size_t *values;
	uint64_t *hashes;	/* of each key */
	size_t cap;		/* a power of two, or 0 */
	size_t count;
} strset;

#define STRSET_NONE ((size_t)-1)

/* The value of `key`, or STRSET_NONE. */
size_t strset_get(const strset *s, const char *key);
/* Sets key to value (the key is copied). Returns 0, or -1 when out of
 * memory. */
int strset_put(strset *s, const char *key, size_t value);
void strset_free(strset *s);

#endif
