/* prefilter_inputs.c: the digest of every file a unit may read, for the
 * result cache (checker/cli/cache/): the prefilter's walk takes every
 * candidate of each #include and each file a __has_include finds, so a
 * file edited, added where an include would find it, or removed changes
 * the digest. The compiler's own search directories, in their order, are
 * in it too: which candidate wins depends on them. */
#include <stdlib.h>
#include <string.h>

#include "prefilter.h"

static const pf_file *sort_files;

static int by_path(const void *x, const void *y)
{
	return strcmp(sort_files[*(const size_t *)x].path,
		      sort_files[*(const size_t *)y].path);
}

/* f's contents' digest, read once per audit. */
static int file_sha(pf_file *f)
{
	if (!f->hashed)
		f->hashed = sha256_file(f->path, f->sha) ? -1 : 1;
	return f->hashed > 0 ? 0 : -1;
}

int pf_inputs_digest(pf_file *files, const pf_plan *plan,
		     const pf_strs *defaults, unsigned char out[SHA256_BYTES])
{
	size_t n = plan->files.count;
	size_t *ids = malloc((n ? n : 1) * sizeof(size_t));
	sha256 s;
	int res = 0;

	if (!ids)
		return -1;
	memcpy(ids, plan->files.items, n * sizeof(size_t));
	sort_files = files;
	qsort(ids, n, sizeof(size_t), by_path);
	sha256_init(&s);
	sha256_add_str(&s, "inputs 1");
	for (size_t i = 0; i < defaults->count; i++)
		sha256_add_str(&s, defaults->items[i]);
	sha256_add_str(&s, "");
	for (size_t i = 0; i < n && !res; i++) {
		pf_file *f = &files[ids[i]];

		if (i && ids[i] == ids[i - 1])
			continue;
		res = file_sha(f);
		sha256_add_str(&s, f->path);
		sha256_add(&s, f->sha, SHA256_BYTES);
	}
	free(ids);
	sha256_end(&s, out);
	return res;
}
