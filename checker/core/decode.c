/* decode.c: names the bits of a value with the members of namespaces. */
#include <stdlib.h>

#include "accept.h"
#include "decode.h"

/* A member that may name bits, with the keys it is tried in. */
typedef struct candidate {
	uint64_t bits;
	unsigned popcount;
	size_t id;		/* load order, standing for file order */
} candidate;

typedef struct candidates {
	candidate *items;
	size_t count;
	size_t cap;
} candidates;

static unsigned popcount(uint64_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static int is_bit_member(const fs_rules *rules, const fs_member *m)
{
	return m->value > 0 && !m->is_field &&
	       !fs_model_deprecation(rules, m->name);
}

static int add_candidate(candidates *c, const fs_member *m, size_t id)
{
	void *items = c->items;

	if (fs_vec_reserve(&items, &c->cap, c->count + 1, sizeof(candidate)))
		return -1;
	c->items = items;
	c->items[c->count++] = (candidate){
		(uint64_t)m->value, popcount((uint64_t)m->value), id };
	return 0;
}

static int add_namespace(candidates *c, const fs_rules *rules,
			 const fs_accept *accept, size_t ns, int taken_only)
{
	const fs_ids *ids = &rules->namespaces.items[ns].members;

	for (size_t k = 0; k < ids->count; k++) {
		size_t id = ids->items[k];
		const fs_member *m = &rules->members.items[id];

		if (!is_bit_member(rules, m) ||
		    (taken_only && !fs_accept_takes(rules, accept, id)))
			continue;
		if (add_candidate(c, m, id))
			return -1;
	}
	return 0;
}

/* Whether an earlier form of the set already named namespace `ns`. */
static int seen_before(const fs_rules *rules, const fs_accept *accept,
		       size_t i, size_t ns)
{
	for (size_t k = 0; k < i; k++)
		if (fs_model_namespace(rules, accept->parts[k].ns.text) == ns)
			return 1;
	return 0;
}

static int by_bits_then_order(const void *a, const void *b)
{
	const candidate *x = a, *y = b;

	if (x->popcount != y->popcount)
		return x->popcount > y->popcount ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

static int collect(candidates *c, const fs_rules *rules,
		   const fs_accept *accept, int taken_only)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = fs_model_namespace(rules, accept->parts[i].ns.text);

		if (ns != FS_NONE && !seen_before(rules, accept, i, ns) &&
		    add_namespace(c, rules, accept, ns, taken_only))
			return -1;
	}
	if (c->count)
		qsort(c->items, c->count, sizeof(candidate),
		      by_bits_then_order);
	return 0;
}

size_t fs_decode_names(fs_buf *b, const fs_rules *rules,
		       const fs_accept *accept, int64_t value, int taken_only,
		       uint64_t *rest, int *rejected)
{
	candidates c = { 0 };
	size_t named = 0;

	*rest = (uint64_t)value;
	*rejected = 0;
	if (value <= 0 || collect(&c, rules, accept, taken_only)) {
		b->failed |= value > 0;
		free(c.items);
		return 0;
	}
	/* Greedy: each member whose bits are all still unnamed takes them. */
	for (size_t i = 0; i < c.count && *rest; i++) {
		if ((c.items[i].bits & *rest) != c.items[i].bits)
			continue;
		fs_buf_printf(b, "%s%s", named++ ? "|" : "",
			      rules->members.items[c.items[i].id].name);
		*rest &= ~c.items[i].bits;
		*rejected |= !fs_accept_takes(rules, accept, c.items[i].id);
	}
	free(c.items);
	return named;
}

static void put_negative(fs_buf *b, int64_t value)
{
	uint64_t clear = ~(uint64_t)value;

	if (clear)
		fs_buf_printf(b, "is negative, so it sets every bit but 0x%llx",
			      (unsigned long long)clear);
	else
		fs_buf_puts(b, "is negative, so it sets every bit");
}

/* The member that value 0 stands for in these namespaces (O_RDONLY, F_OK),
 * or NULL where 0 is only the absence of flags. */
static const char *zero_member(const fs_rules *rules, const fs_accept *accept)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = fs_model_namespace(rules, accept->parts[i].ns.text);
		const fs_ids *ids;

		if (ns == FS_NONE)
			continue;
		ids = &rules->namespaces.items[ns].members;
		for (size_t k = 0; k < ids->count; k++) {
			const fs_member *m = &rules->members.items[ids->items[k]];

			if (m->value == 0 && !m->is_field &&
			    !fs_model_deprecation(rules, m->name))
				return m->name;
		}
	}
	return NULL;
}

int fs_put_decode(fs_buf *b, const fs_rules *rules, const fs_accept *accept,
		  int64_t value)
{
	fs_buf names = { 0 };
	uint64_t rest;
	int rejected;

	if (value == 0) {
		const char *zero = zero_member(rules, accept);

		if (zero)
			fs_buf_printf(b, "means %s", zero);
		else
			fs_buf_puts(b, "is 0 and has no effect");
		return 0;
	}
	if (value < 0) {
		put_negative(b, value);
		return 1;
	}
	if (fs_decode_names(&names, rules, accept, value, 0, &rest,
			    &rejected)) {
		fs_buf_printf(b, "means %s", fs_buf_str(&names));
		if (rest)
			fs_buf_printf(b, " plus unknown bits 0x%llx",
				      (unsigned long long)rest);
	} else {
		fs_buf_puts(b, "matches no ");
		fs_put_expected(b, rules, accept);
		fs_buf_puts(b, " flag");
	}
	b->failed |= names.failed;
	fs_buf_free(&names);
	return rest != 0 || rejected;
}
