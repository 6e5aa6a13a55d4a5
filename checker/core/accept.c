/* accept.c: what an ACCEPTED set (of an argument or a field) takes. */
#include <string.h>

#include "accept.h"
#include "arch.h"
#include "message.h"

static size_t part_ns(const fs_rules *rules, const fs_accept_part *part)
{
	return fs_model_namespace(rules, part->ns.text);
}

int fs_accept_is_known(const fs_rules *rules, const fs_accept *accept)
{
	for (size_t i = 0; i < accept->nparts; i++)
		if (part_ns(rules, &accept->parts[i]) == FS_NONE)
			return 0;
	return 1;
}

int fs_accept_has_ns(const fs_rules *rules, const fs_accept *accept,
		     size_t ns)
{
	for (size_t i = 0; i < accept->nparts; i++)
		if (part_ns(rules, &accept->parts[i]) == ns)
			return 1;
	return 0;
}

/* Whether `name` is prefix + word. */
static int is_spelled(const char *name, const char *prefix, const char *word)
{
	size_t n = strlen(prefix);

	return !strncmp(name, prefix, n) && !strcmp(name + n, word);
}

static int part_takes(const fs_rules *rules, const fs_accept_part *part,
		      size_t m)
{
	const fs_member *member = &rules->members.items[m];
	const char *prefix;

	if (part_ns(rules, part) != member->ns)
		return 0;
	if (!part->subset.count)
		return 1;
	prefix = rules->namespaces.items[member->ns].prefix;
	for (size_t i = 0; i < part->subset.count; i++) {
		const char *word = part->subset.items[i].text;

		if (is_spelled(member->name, prefix, word))
			return 1;
	}
	return 0;
}

int fs_accept_takes(const fs_rules *rules, const fs_accept *accept,
		    size_t m)
{
	for (size_t i = 0; i < accept->nparts; i++)
		if (part_takes(rules, &accept->parts[i], m))
			return 1;
	return 0;
}

/* Whether some taken member is defined as `m` (EFD_CLOEXEC same=O_CLOEXEC
 * takes O_CLOEXEC), or `m` is defined as a taken member. */
static int takes_same(const fs_rules *rules, const fs_accept *accept,
		      size_t m)
{
	const fs_member *member = &rules->members.items[m];
	size_t other;

	if (member->same.text &&
	    (other = fs_model_member(rules, member->same.text)) != FS_NONE &&
	    fs_accept_takes(rules, accept, other))
		return 1;
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = part_ns(rules, &accept->parts[i]);
		const fs_ids *ids;

		if (ns == FS_NONE)
			continue;
		ids = &rules->namespaces.items[ns].members;
		for (size_t k = 0; k < ids->count; k++) {
			size_t id = ids->items[k];
			const char *same = rules->members.items[id].same.text;

			if (same && !strcmp(same, member->name) &&
			    part_takes(rules, &accept->parts[i], id))
				return 1;
		}
	}
	return 0;
}

/* Whether `m` is a deprecated spelling of a member the set takes (FNDELAY
 * of O_NONBLOCK): the call gets the flag it takes, under another name,
 * which flagspace-deprecated-flag reports. */
static int takes_replacement(const fs_rules *rules, const fs_accept *accept,
			     size_t m)
{
	const fs_deprecation *d =
		fs_model_deprecation(rules, rules->members.items[m].name);
	size_t other;

	return d && (other = fs_model_member(rules, d->replacement.text)) !=
			    FS_NONE &&
	       other != m && fs_accept_takes(rules, accept, other);
}

fs_fit fs_accept_fit(const fs_rules *rules, const fs_accept *accept,
		     size_t m)
{
	if (accept->is_number)
		return FS_FIT_NUMBER;
	if (accept->is_zero)
		return FS_FIT_RESERVED;
	if (fs_accept_takes(rules, accept, m) || takes_same(rules, accept, m) ||
	    takes_replacement(rules, accept, m))
		return FS_FIT_OK;
	if (fs_accept_has_ns(rules, accept, rules->members.items[m].ns))
		return FS_FIT_SUBSET;
	return FS_FIT_FOREIGN;
}

size_t fs_accept_namespaces(const fs_rules *rules, const fs_accept *accept,
			    size_t *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < accept->nparts && n < max; i++) {
		size_t ns = part_ns(rules, &accept->parts[i]);
		size_t k = 0;

		while (k < n && out[k] != ns)
			k++;
		if (k == n && ns != FS_NONE)
			out[n++] = ns;
	}
	return n;
}

int fs_accept_shares_ns(const fs_rules *rules, const fs_accept *a,
			const fs_accept *b)
{
	size_t ns[8], n = fs_accept_namespaces(rules, a, ns, 8);

	for (size_t i = 0; i < n; i++)
		if (fs_accept_has_ns(rules, b, ns[i]))
			return 1;
	return 0;
}

/* Whether member m is a bit flag of the set on `arch` with bits in
 * `within` only and none in `without`. */
static int is_flag_within(const fs_rules *rules, const fs_accept *accept,
			  size_t m, size_t arch, uint64_t within,
			  uint64_t without)
{
	uint64_t v = (uint64_t)fs_member_value(rules, m, arch);

	return v && !rules->members.items[m].is_field &&
	       fs_accept_takes(rules, accept, m) &&
	       fs_member_is_on(rules, m, arch) && !(v & ~within) &&
	       !(v & without);
}

size_t fs_accept_flags_within(const fs_rules *rules, const fs_accept *accept,
			      size_t arch, uint64_t within, uint64_t without,
			      size_t *out, size_t max, uint64_t *bits)
{
	size_t ns[8], nns = fs_accept_namespaces(rules, accept, ns, 8), n = 0;
	uint64_t seen = 0;

	for (size_t i = 0; i < nns; i++) {
		const fs_ids *ids = &rules->namespaces.items[ns[i]].members;

		for (size_t j = 0; j < ids->count && n < max; j++) {
			size_t m = ids->items[j];
			uint64_t v = (uint64_t)fs_member_value(rules, m, arch);

			/* One name per value: the first is the usual one. */
			if (!is_flag_within(rules, accept, m, arch, within,
					    without) || (v & ~seen) == 0)
				continue;
			seen |= v;
			out[n++] = m;
		}
	}
	if (bits)
		*bits = seen;
	return n;
}

int fs_accept_is_enum(const fs_rules *rules, const fs_accept *accept)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		size_t ns = part_ns(rules, &accept->parts[i]);

		if (ns == FS_NONE || !rules->namespaces.items[ns].is_enum)
			return 0;
	}
	return accept->nparts > 0;
}

/* Namespaces that share a prefix (SOCK and SOCK_TYPE) read the same in a
 * message: name them once. */
static int is_shown_alike(const fs_rules *rules, size_t a, size_t b)
{
	const fs_namespace *x = &rules->namespaces.items[a];
	const fs_namespace *y = &rules->namespaces.items[b];

	if (x->shown || y->shown)
		return x->shown && y->shown && !strcmp(x->shown, y->shown);
	return !strcmp(x->prefix, y->prefix);
}

void fs_put_ns_desc(fs_buf *b, const fs_rules *rules, size_t ns)
{
	const fs_namespace *space = &rules->namespaces.items[ns];

	fs_buf_printf(b, " (%s)", space->desc ? space->desc : space->name);
}

/* Each namespace of the set once; with `own` != FS_NONE, one shown alike
 * to it is described. Returns how many were described. */
static int put_expected(fs_buf *b, const fs_rules *rules,
			const fs_accept *accept, size_t own)
{
	size_t ns[16];
	size_t n = fs_accept_namespaces(rules, accept, ns, 16);
	int described = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k = 0;

		while (k < i && !is_shown_alike(rules, ns[k], ns[i]))
			k++;
		if (k < i)
			continue;
		if (i)
			fs_buf_puts(b, " or ");
		fs_put_prefix(b, rules, ns[i]);
		if (own != FS_NONE && ns[i] != own &&
		    is_shown_alike(rules, ns[i], own)) {
			fs_put_ns_desc(b, rules, ns[i]);
			described++;
		}
	}
	return described;
}

void fs_put_expected(fs_buf *b, const fs_rules *rules,
		     const fs_accept *accept)
{
	put_expected(b, rules, accept, FS_NONE);
}

int fs_put_expected_beside(fs_buf *b, const fs_rules *rules,
			   const fs_accept *accept, size_t own)
{
	return put_expected(b, rules, accept, own) > 0;
}

void fs_put_accepted_list(fs_buf *b, const fs_rules *rules,
			  const fs_accept *accept)
{
	const char *sep = "";

	for (size_t i = 0; i < accept->nparts; i++) {
		const fs_accept_part *part = &accept->parts[i];
		size_t ns = part_ns(rules, part);
		const char *prefix = rules->namespaces.items[ns].prefix;

		if (!part->subset.count) {
			fs_buf_printf(b, "%s%s*", sep, prefix);
			sep = ", ";
		}
		for (size_t k = 0; k < part->subset.count; k++) {
			fs_buf_printf(b, "%s%s%s", sep, prefix,
				      part->subset.items[k].text);
			sep = ", ";
		}
	}
}
