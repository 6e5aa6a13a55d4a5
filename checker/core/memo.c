/* memo.c: fs_check_call's findings kept by the facts they were found for.
 *
 * The engine is a function of the rules and the facts, so facts seen before
 * give their findings again without being checked: an editor checks every
 * call of a file again on each edit, and most calls did not change. The key
 * is the facts written out whole (every field fs_check_call reads), with
 * the rules' address; a hash table of chained entries holds them, and is
 * emptied when it is full. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "flagspace.h"
#include "base/fnv.h"
#include "vec.h"

/* The key being built: appended to field by field, many times per call,
 * so the common case is one memcpy. */
typedef struct memo_key {
	char *data;
	size_t len;
	size_t cap;
	int failed;
} memo_key;

typedef struct memo_entry {
	struct memo_entry *next;
	uint64_t hash;
	char *key;
	size_t key_len;
	fs_finding *items;	/* messages and fixes owned here */
	size_t count;
} memo_entry;

struct fs_memo {
	memo_entry **buckets;
	size_t nbuckets;	/* a power of two */
	size_t count;
	size_t max_entries;
	size_t hits;
	memo_key key;		/* scratch: the key being built */
};

fs_memo *fs_memo_new(size_t max_entries)
{
	fs_memo *memo = calloc(1, sizeof(*memo));
	size_t n = 64;

	if (!memo)
		return NULL;
	if (!max_entries)
		max_entries = 1;
	while (n < max_entries && n < ((size_t)1 << 20))
		n *= 2;
	memo->buckets = calloc(n, sizeof(*memo->buckets));
	if (!memo->buckets) {
		free(memo);
		return NULL;
	}
	memo->nbuckets = n;
	memo->max_entries = max_entries;
	return memo;
}

void fs_memo_clear(fs_memo *memo)
{
	if (!memo)
		return;
	for (size_t b = 0; b < memo->nbuckets; b++) {
		memo_entry *e = memo->buckets[b];

		while (e) {
			memo_entry *next = e->next;

			free(e->key);
			fs_findings_free_texts(e->items, e->count);
			free(e->items);
			free(e);
			e = next;
		}
		memo->buckets[b] = NULL;
	}
	memo->count = 0;
}

void fs_memo_free(fs_memo *memo)
{
	if (!memo)
		return;
	fs_memo_clear(memo);
	free(memo->buckets);
	free(memo->key.data);
	free(memo);
}

size_t fs_memo_hits(const fs_memo *memo)
{
	return memo ? memo->hits : 0;
}

/* ---- the key: every field of the facts, unambiguous ------------------ */

static void grow_and_put(memo_key *key, const void *p, size_t n)
{
	void *data = key->data;

	if (key->failed || key->len + n < key->len ||
	    fs_vec_reserve(&data, &key->cap, key->len + n, 1)) {
		key->failed = 1;
		return;
	}
	key->data = data;
	memcpy(key->data + key->len, p, n);
	key->len += n;
}

static inline void put_bytes(memo_key *key, const void *p, size_t n)
{
	if (key->len + n <= key->cap) {
		memcpy(key->data + key->len, p, n);
		key->len += n;
		return;
	}
	grow_and_put(key, p, n);
}

static void put_size(memo_key *key, size_t n)
{
	put_bytes(key, &n, sizeof(n));
}

static void put_int64(memo_key *key, int64_t v)
{
	put_bytes(key, &v, sizeof(v));
}

/* A string with its length, NULL apart from "". */
static void put_string(memo_key *key, const char *s)
{
	if (!s) {
		put_size(key, SIZE_MAX);
		return;
	}
	size_t n = strlen(s);

	put_size(key, n);
	put_bytes(key, s, n);
}

static void put_value(memo_key *key, const fs_value *v)
{
	put_size(key, v->nterms);
	put_int64(key, v->has_unknown);
	for (size_t i = 0; i < v->nterms; i++) {
		const fs_term *t = &v->terms[i];

		put_string(key, t->name);
		put_int64(key, t->value);
		put_int64(key, t->has_value);
		put_int64(key, t->flags);
	}
	/* No nodes (NULL) differs from an empty tree. */
	put_size(key, v->nodes ? v->nnodes : SIZE_MAX);
	for (size_t i = 0; v->nodes && i < v->nnodes; i++) {
		put_int64(key, v->nodes[i].op);
		put_size(key, v->nodes[i].term);
	}
	put_string(key, v->string);
}

static void put_compare(memo_key *key, const fs_compare *c)
{
	put_int64(key, c->cmp);
	put_int64(key, c->with);
	put_string(key, c->with_name);
	put_int64(key, c->is_negated);
	put_string(key, c->macro);
	put_int64(key, c->place);
}

static void put_retries(memo_key *key, const fs_outcome *o)
{
	put_size(key, o->nerrnos);
	for (size_t i = 0; i < o->nerrnos; i++)
		put_string(key, o->errnos[i]);
	put_size(key, o->nretries);
	for (size_t i = 0; i < o->nretries; i++) {
		const fs_retry *t = &o->retries[i];

		put_string(key, t->callee);
		put_string(key, t->number);
		put_size(key, t->nargs);
		for (size_t j = 0; t->args && j < t->nargs; j++)
			put_value(key, &t->args[j]);
		put_size(key, t->nerrnos);
		for (size_t j = 0; j < t->nerrnos; j++)
			put_string(key, t->errnos[j]);
	}
}

static void put_call(memo_key *key, const fs_rules *rules, const fs_call *call)
{
	key->len = 0;
	put_bytes(key, &rules, sizeof(rules));
	put_string(key, call->callee);
	put_string(key, call->target);
	put_size(key, call->nargs);
	for (size_t i = 0; call->args && i < call->nargs; i++)
		put_value(key, &call->args[i]);
	put_compare(key, &call->outcome.result);
	put_compare(key, &call->outcome.error);
	put_retries(key, &call->outcome);
	put_int64(key, call->platform.glibc);
	put_int64(key, call->platform.kernel);
}

/* ---- copies of findings ---------------------------------------------- */

static char *copy_string(const char *s)
{
	size_t n;
	char *copy;

	if (!s)
		return NULL;
	n = strlen(s) + 1;
	copy = malloc(n);
	if (copy)
		memcpy(copy, s, n);
	return copy;
}

/* Copies items[0..count) to the end of `out`. Returns 0, or -1 when out of
 * memory (out is as it was). */
static int append_copies(fs_findings *out, const fs_finding *items,
			 size_t count)
{
	void *dest = out->items;
	size_t first = out->count;

	if (!count)
		return 0;
	if (fs_vec_reserve(&dest, &out->capacity, first + count,
			   sizeof(*items)))
		return -1;
	out->items = dest;
	for (size_t i = 0; i < count; i++) {
		fs_finding f = items[i];

		f.message = copy_string(items[i].message);
		f.fix = copy_string(items[i].fix);
		if ((items[i].message && !f.message) ||
		    (items[i].fix && !f.fix)) {
			free(f.message);
			free(f.fix);
			fs_findings_clear(&(fs_findings){ out->items + first,
							 out->count - first,
							 0 });
			out->count = first;
			return -1;
		}
		out->items[out->count++] = f;
	}
	return 0;
}

/* ---- the table ------------------------------------------------------- */

static memo_entry *lookup(const fs_memo *memo, uint64_t hash)
{
	memo_entry *e = memo->buckets[hash & (memo->nbuckets - 1)];

	for (; e; e = e->next)
		if (e->hash == hash && e->key_len == memo->key.len &&
		    !memcmp(e->key, memo->key.data, e->key_len))
			return e;
	return NULL;
}

/* Keeps findings[first..) under the key just built. A failure only means
 * the facts will be checked again next time. */
static void remember(fs_memo *memo, uint64_t hash, const fs_findings *found,
		     size_t first)
{
	memo_entry *e = calloc(1, sizeof(*e));
	fs_findings copy = { 0 };
	/* No findings may mean no array: NULL + 0 is undefined. */
	const fs_finding *mine = found->count > first ? found->items + first : NULL;

	if (!e)
		return;
	if (memo->count >= memo->max_entries)
		fs_memo_clear(memo);
	e->key = malloc(memo->key.len);
	if (!e->key ||
	    append_copies(&copy, mine, found->count - first)) {
		free(e->key);
		fs_findings_free(&copy);
		free(e);
		return;
	}
	memcpy(e->key, memo->key.data, memo->key.len);
	e->key_len = memo->key.len;
	e->hash = hash;
	e->items = copy.items;
	e->count = copy.count;
	e->next = memo->buckets[hash & (memo->nbuckets - 1)];
	memo->buckets[hash & (memo->nbuckets - 1)] = e;
	memo->count++;
}

int fs_check_call_memo(fs_memo *memo, const fs_rules *rules,
		       const fs_call *call, fs_findings *out)
{
	size_t first;
	uint64_t hash;
	memo_entry *hit;

	if (!memo || !call || !out)
		return fs_check_call(rules, call, out);
	put_call(&memo->key, rules, call);
	if (memo->key.failed) {
		free(memo->key.data);
		memo->key = (memo_key){ 0 };
		return fs_check_call(rules, call, out);
	}
	hash = fs_fnv64(memo->key.data, memo->key.len);
	if ((hit = lookup(memo, hash))) {
		memo->hits++;
		return append_copies(out, hit->items, hit->count);
	}
	first = out->count;
	if (fs_check_call(rules, call, out))
		return -1;
	remember(memo, hash, out, first);
	return 0;
}
