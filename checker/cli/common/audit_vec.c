/* audit_vec.c: the growable arrays of the audit (AUDIT_VEC). */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

void *audit_vec_push(void *vec_items, size_t *count, size_t *cap,
		     size_t elem)
{
	void **items = vec_items;
	char *p;

	if (*count == *cap) {
		size_t n = *cap ? 2 * *cap : 16;
		void *grown = realloc(*items, n * elem);

		if (!grown)
			return NULL;
		*items = grown;
		*cap = n;
	}
	p = (char *)*items + (*count)++ * elem;
	memset(p, 0, elem);
	return p;
}

void audit_strs_free(char ***items, size_t *count, size_t *cap)
{
	for (size_t i = 0; i < *count; i++)
		free((*items)[i]);
	free(*items);
	*items = NULL;
	*count = *cap = 0;
}
