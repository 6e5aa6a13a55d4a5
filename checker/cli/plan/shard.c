/* shard.c: `audit --shard K/N`: one of N disjoint parts of the units, the
 * same on every machine that reads the same compilation database, so that
 * N audits together cover each unit exactly once. */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "cli.h"
#include "plan.h"
#include "shard_auto.h"

/* A whole number from 1 to 100000 ending at `*end`; 0 for anything else. */
static unsigned parse_part(const char *s, const char **end)
{
	unsigned long v = 0;
	const char *p = s;

	while (*p >= '0' && *p <= '9' && v <= 100000)
		v = v * 10 + (unsigned long)(*p++ - '0');
	*end = p;
	return p == s || v > 100000 ? 0 : (unsigned)v;
}

int audit_shard_parse(const char *spec, unsigned *k, unsigned *n)
{
	const char *p;

	if (audit_shard_is_auto(spec))
		return audit_shard_auto(spec, k, n);
	*k = parse_part(spec, &p);
	if (*k && *p == '/') {
		*n = parse_part(p + 1, &p);
		if (*n && !*p && *k <= *n)
			return CLI_OK;
	}
	return cli_error("invalid --shard '%s': expected K/N, K from 1 to N, "
			 "or auto", spec);
}

static int by_file(const void *x, const void *y)
{
	return strcmp(((const audit_tu *)x)->file, ((const audit_tu *)y)->file);
}

static int is_kept(const audit *a, const char *file)
{
	audit_tu key = { .file = (char *)file };

	return a->tus.count && bsearch(&key, a->tus.items, a->tus.count,
				       sizeof(audit_tu), by_file);
}

/* The flags dropped from other shards' units are theirs to report. */
static void keep_own_notes(audit *a)
{
	size_t kept = 0;

	for (size_t i = 0; i < a->dropped.count; i++) {
		audit_note *note = &a->dropped.items[i];

		if (is_kept(a, note->file)) {
			a->dropped.items[kept++] = *note;
			continue;
		}
		free(note->file);
		free(note->text);
	}
	a->dropped.count = kept;
}

/* Units sorted by path, dealt round-robin: shards differ in size by one
 * unit at most, and a directory's units spread over all of them. */
void audit_shard(audit *a, unsigned k, unsigned n)
{
	size_t kept = 0;

	if (a->tus.count)
		qsort(a->tus.items, a->tus.count, sizeof(audit_tu), by_file);
	for (size_t i = 0; i < a->tus.count; i++) {
		if (i % n == k - 1)
			a->tus.items[kept++] = a->tus.items[i];
		else
			audit_tu_free(&a->tus.items[i]);
	}
	a->tus.count = kept;
	keep_own_notes(a);
}
