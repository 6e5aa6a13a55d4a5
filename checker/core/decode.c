/* decode.c: names the bits of a value with the members of namespaces. */
#include <stdlib.h>

#include "accept.h"
#include "arch.h"
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

static int is_bit_member(const fs_rules *rules, const fs_member *m,
			 int64_t value)
{
	return value > 0 && !m->is_field &&
	       !fs_model_deprecation(rules, m->name);
}

static int add_candidate(candidates *c, int64_t value, size_t id)
{
	void *items = c->items;

	if (fs_vec_reserve(&items, &c->cap, c->count + 1, sizeof(candidate)))
		return -1;
	c->items = items;
	c->items[c->count++] = (candidate){
		(uint64_t)value, popcount((uint64_t)value), id };
	return 0;
}

static int add_namespace(candidates *c, const fs_rules *rules, size_t arch,
			 const fs_accept *accept, size_t ns, int taken_only)
{
	const fs_ids *ids = &rules->namespaces.items[ns].members;

	/* An enumeration's values are looked up whole, never combined. */
	if (rules->namespaces.items[ns].is_enum)
		return 0;
	for (size_t k = 0; k < ids->count; k++) {
		size_t id = ids->items[k];
		const fs_member *m = &rules->members.items[id];
		int64_t value = fs_member_value(rules, id, arch);

		if (!is_bit_member(rules, m, value) ||
		    !fs_member_is_on(rules, id, arch) ||
		    (taken_only && !fs_accept_takes(rules, accept, id)))
			continue;
		if (add_candidate(c, value, id))
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

static int collect(candidates *c, const fs_rules *rules, size_t arch,
		   const fs_accept *accept, int taken_only)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = fs_model_namespace(rules, accept->parts[i].ns.text);

		if (ns != FS_NONE && !seen_before(rules, accept, i, ns) &&
		    add_namespace(c, rules, arch, accept, ns, taken_only))
			return -1;
	}
	if (c->count)
		qsort(c->items, c->count, sizeof(candidate),
		      by_bits_then_order);
	return 0;
}

/* The first member of the set's kind=enum namespaces whose value is
 * exactly `value` (deprecated and value=field members skipped), or
 * FS_NONE. */
static size_t enum_member(const fs_rules *rules, size_t arch,
			  const fs_accept *accept, int64_t value,
			  int taken_only)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = fs_model_namespace(rules, accept->parts[i].ns.text);
		const fs_ids *ids;

		if (ns == FS_NONE || !rules->namespaces.items[ns].is_enum)
			continue;
		ids = &rules->namespaces.items[ns].members;
		for (size_t k = 0; k < ids->count; k++) {
			size_t id = ids->items[k];
			const fs_member *m = &rules->members.items[id];

			if (fs_member_value(rules, id, arch) == value &&
			    fs_member_is_on(rules, id, arch) && !m->is_field &&
			    !fs_model_deprecation(rules, m->name) &&
			    (!taken_only || fs_accept_takes(rules, accept, id)))
				return id;
		}
	}
	return FS_NONE;
}

/* Greedy over the bit members: each member whose bits are all still
 * unnamed takes them. Returns how many were named into b. */
static size_t name_bits(fs_buf *b, const fs_rules *rules,
			const fs_accept *accept, const candidates *c,
			uint64_t *rest, int *rejected)
{
	size_t named = 0;

	for (size_t i = 0; i < c->count && *rest; i++) {
		if ((c->items[i].bits & *rest) != c->items[i].bits)
			continue;
		fs_buf_printf(b, "%s%s", named++ ? "|" : "",
			      rules->members.items[c->items[i].id].name);
		*rest &= ~c->items[i].bits;
		*rejected |= !fs_accept_takes(rules, accept, c->items[i].id);
	}
	return named;
}

/* The bits left over are an enumeration value when one is exactly that
 * (SOCK_DGRAM beside SOCK_CLOEXEC): written first, as people write it. */
static size_t name_enum_rest(fs_buf *b, const fs_rules *rules, size_t arch,
			     const fs_accept *accept, const fs_buf *bits,
			     size_t named, int taken_only, uint64_t *rest,
			     int *rejected)
{
	size_t id = enum_member(rules, arch, accept, (int64_t)*rest,
				taken_only);

	if (id != FS_NONE) {
		fs_buf_puts(b, rules->members.items[id].name);
		*rejected |= !fs_accept_takes(rules, accept, id);
		*rest = 0;
	}
	if (named)
		fs_buf_printf(b, "%s%s", id != FS_NONE ? "|" : "",
			      fs_buf_str(bits));
	b->failed |= bits->failed;
	return named + (id != FS_NONE);
}

size_t fs_decode_names_at(fs_buf *b, const fs_rules *rules, size_t arch,
			  const fs_accept *accept, int64_t value,
			  int taken_only, uint64_t *rest, int *rejected)
{
	candidates c = { 0 };
	fs_buf bits = { 0 };
	size_t named;

	*rest = (uint64_t)value;
	*rejected = 0;
	/* A value of an enumeration may be 0 or negative; bits are not. */
	if (value <= 0 && !fs_accept_is_enum(rules, accept))
		return 0;
	if (collect(&c, rules, arch, accept, taken_only)) {
		b->failed = 1;
		free(c.items);
		return 0;
	}
	named = name_bits(&bits, rules, accept, &c, rest, rejected);
	free(c.items);
	if (*rest || value == 0)
		named = name_enum_rest(b, rules, arch, accept, &bits, named,
				       taken_only, rest, rejected);
	else
		fs_buf_puts(b, fs_buf_str(&bits));
	b->failed |= bits.failed;
	fs_buf_free(&bits);
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

/* Whether member `id` is the 0 of a zero operand: a flag of value 0
 * written among the argument's flags (or alone) adds no bit. It stands
 * for a member only where 0 is a value of the set's own (F_OK, F_RDLCK),
 * not where it is the value a field has when none of its bits is set
 * (mask=: AT_STATX_SYNC_AS_STAT, O_RDONLY), nor a member the set does not
 * take (O_RDONLY in dup3() flags, which take O_CLOEXEC only). */
static int is_operand_zero(const fs_rules *rules, const fs_accept *accept,
			   size_t id)
{
	return !rules->members.items[id].mask.text &&
	       fs_accept_takes(rules, accept, id);
}

/* The member that value 0 stands for in these namespaces (O_RDONLY, F_OK),
 * or NULL where 0 is only the absence of flags; for an operand, as
 * is_operand_zero says. */
static const char *zero_member(const fs_rules *rules, size_t arch,
			       const fs_accept *accept, int operand)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = fs_model_namespace(rules, accept->parts[i].ns.text);
		const fs_ids *ids;

		if (ns == FS_NONE)
			continue;
		ids = &rules->namespaces.items[ns].members;
		for (size_t k = 0; k < ids->count; k++) {
			const fs_member *m = &rules->members.items[ids->items[k]];

			if (fs_member_value(rules, ids->items[k], arch) == 0 &&
			    fs_member_is_on(rules, ids->items[k], arch) &&
			    !m->is_field &&
			    !fs_model_deprecation(rules, m->name) &&
			    (!operand ||
			     is_operand_zero(rules, accept, ids->items[k])))
				return m->name;
		}
	}
	return NULL;
}

/* "matches no O_* flag"; "matches no SEEK_* value" where the argument takes
 * an enumeration only (lseek's whence holds one value, not bits). */
static void put_no_match(fs_buf *b, const fs_rules *rules,
			 const fs_accept *accept)
{
	fs_buf_puts(b, "matches no ");
	fs_put_expected(b, rules, accept);
	fs_buf_puts(b, fs_accept_is_enum(rules, accept) ? " value" : " flag");
}

/* A negative value of an enumeration: a member (AT_FDCWD-like) or none. */
static int put_enum_value(fs_buf *b, const fs_rules *rules, size_t arch,
			  const fs_accept *accept, int64_t value,
			  fs_decoded *how)
{
	size_t id = enum_member(rules, arch, accept, value, 0);

	if (id == FS_NONE) {
		put_no_match(b, rules, accept);
		return how->untaken = 1;
	}
	fs_buf_printf(b, "means %s", rules->members.items[id].name);
	how->named = 1;
	how->taken = fs_accept_takes(rules, accept, id);
	return how->untaken = !how->taken;
}

/* 0: "means O_RDONLY" where a member is 0, else it sets nothing. */
static int put_zero(fs_buf *b, const fs_rules *rules, size_t arch,
		    const fs_accept *accept, int operand, fs_decoded *how)
{
	const char *zero = zero_member(rules, arch, accept, operand);

	if (zero)
		fs_buf_printf(b, "means %s", zero);
	else
		fs_buf_puts(b, "is 0 and has no effect");
	how->named = how->taken = zero != NULL;
	how->nothing = zero == NULL;
	return 0;
}

static int put_decode(fs_buf *b, const fs_rules *rules, size_t arch,
		      const fs_accept *accept, int64_t value, int operand,
		      fs_decoded *how)
{
	fs_decoded unused;
	fs_buf names = { 0 };
	uint64_t rest;
	int rejected;

	if (!how)
		how = &unused;
	*how = (fs_decoded){ 0, 0, 0, 0 };
	if (value < 0 && fs_accept_is_enum(rules, accept))
		return put_enum_value(b, rules, arch, accept, value, how);
	if (value == 0)
		return put_zero(b, rules, arch, accept, operand, how);
	if (value < 0) {
		put_negative(b, value);
		return how->taken = how->untaken = 1;
	}
	/* Bits the call takes first: where a value is both a taken member
	 * and one outside the subset (FD_CLOEXEC in userfaultfd(): O_WRONLY
	 * or UFFD_USER_MODE_ONLY), the call sees the one it takes. */
	how->taken = fs_decode_names_at(&names, rules, arch, accept, value, 1,
					&rest, &rejected) > 0;
	if (!how->taken || rest) {
		fs_buf_free(&names);
		names = (fs_buf){ 0 };
		fs_decode_names_at(&names, rules, arch, accept, value, 0, &rest,
				   &rejected);
	}
	how->named = names.len > 0;
	if (names.len) {
		fs_buf_printf(b, "means %s", fs_buf_str(&names));
		if (rest)
			fs_buf_printf(b, " plus unknown bits 0x%llx",
				      (unsigned long long)rest);
	} else {
		put_no_match(b, rules, accept);
	}
	b->failed |= names.failed;
	fs_buf_free(&names);
	return how->untaken = rest != 0 || rejected;
}

int fs_put_decode_at(fs_buf *b, const fs_rules *rules, size_t arch,
		     const fs_accept *accept, int64_t value, fs_decoded *how)
{
	return put_decode(b, rules, arch, accept, value, 0, how);
}

int fs_put_decode_operand(fs_buf *b, const fs_rules *rules, size_t arch,
			  const fs_accept *accept, int64_t value,
			  fs_decoded *how)
{
	return put_decode(b, rules, arch, accept, value, 1, how);
}

size_t fs_decode_names(fs_buf *b, const fs_rules *rules,
		       const fs_accept *accept, int64_t value, int taken_only,
		       uint64_t *rest, int *rejected)
{
	return fs_decode_names_at(b, rules, FS_NONE, accept, value,
				  taken_only, rest, rejected);
}

int fs_put_decode(fs_buf *b, const fs_rules *rules, const fs_accept *accept,
		  int64_t value)
{
	return fs_put_decode_at(b, rules, FS_NONE, accept, value, NULL);
}
