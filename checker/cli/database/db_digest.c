/* db_digest.c: the digest that names the units an audit read from its
 * compilation database, so that `merge` can tell shards of one database
 * from shards of another. */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "database.h"
#include "sha256.h"

static void unit_digest(const audit_tu *tu, unsigned char out[SHA256_BYTES])
{
	sha256 s;

	sha256_init(&s);
	sha256_add_str(&s, tu->dir);
	sha256_add_str(&s, tu->file);
	for (size_t i = 0; i < tu->args.count; i++)
		sha256_add_str(&s, tu->args.items[i]);
	sha256_end(&s, out);
}

static int by_bytes(const void *x, const void *y)
{
	return memcmp(x, y, SHA256_BYTES);
}

/* Each unit's digest, sorted, then the digest of them all: the order of
 * the database's entries does not count, each unit's directory, file and
 * command as read (after the <path> filter and the flags dropped) do. */
int audit_db_digest(audit *a)
{
	size_t n = a->tus.count;
	unsigned char (*units)[SHA256_BYTES] = calloc(n ? n : 1,
						      SHA256_BYTES);
	unsigned char all[SHA256_BYTES];
	sha256 s;

	if (!units)
		return -1;
	for (size_t i = 0; i < n; i++)
		unit_digest(&a->tus.items[i], units[i]);
	qsort(units, n, SHA256_BYTES, by_bytes);
	sha256_init(&s);
	sha256_add(&s, units, n * SHA256_BYTES);
	sha256_end(&s, all);
	sha256_hex(all, a->db_digest);
	free(units);
	return 0;
}
