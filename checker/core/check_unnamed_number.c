/* check_unnamed_number.c: flagspace-unnamed-number: a number or a truth
 * value written where flags or an enumeration's value belong
 * (fstatat(dfd, p, &st, 1)), with bits the argument provably rejects. A
 * number whose bits the argument takes may be right and is never
 * reported; no flag is named for it. Arguments that ignore bits they do
 * not take (open()'s flags) are left out: what is lost there is seldom
 * more than a no-op, and the command line's prefilter runs every unit
 * that calls a function with an argument checked here. */
#include "accept.h"
#include "arch.h"
#include "check_unnamed_number.h"
#include "findings.h"
#include "flagspace_query.h"
#include "message.h"

/* Lists of what an argument takes longer than this are not spelled out. */
enum { MAX_LISTED = 8 };

/* The bits of the members slot `s` takes, on the site's architecture. */
static uint64_t taken_bits(const fs_site *site, const fs_slot *s)
{
	const fs_rules *rules = site->rules;
	size_t ns[8], n = fs_accept_namespaces(rules, s->accept, ns, 8);
	uint64_t bits = 0;

	for (size_t i = 0; i < n; i++) {
		const fs_ids *ids = &rules->namespaces.items[ns[i]].members;

		for (size_t k = 0; k < ids->count; k++) {
			size_t m = ids->items[k];
			int64_t v = fs_member_value(rules, m, site->arch);

			if (v > 0 && fs_member_is_on(rules, m, site->arch) &&
			    fs_accept_fit(rules, s->accept, m) == FS_FIT_OK)
				bits |= (uint64_t)v;
		}
	}
	return bits;
}

/* Whether `v` is the value of a member slot `s` takes. */
static int is_taken_value(const fs_site *site, const fs_slot *s, int64_t v)
{
	const fs_rules *rules = site->rules;
	size_t ns[8], n = fs_accept_namespaces(rules, s->accept, ns, 8);

	for (size_t i = 0; i < n; i++) {
		const fs_ids *ids = &rules->namespaces.items[ns[i]].members;

		for (size_t k = 0; k < ids->count; k++) {
			size_t m = ids->items[k];

			if (fs_member_value(rules, m, site->arch) == v &&
			    fs_member_is_on(rules, m, site->arch) &&
			    fs_accept_fit(rules, s->accept, m) == FS_FIT_OK)
				return 1;
		}
	}
	return 0;
}

/* Whether "it takes ..." is worth listing: subsets only, of a few names
 * (a whole namespace, or a long list, is named by its prefix). */
static int is_listed_short(const fs_accept *a)
{
	size_t n = 0;

	for (size_t i = 0; i < a->nparts; i++) {
		if (!a->parts[i].subset.count)
			return 0;
		n += a->parts[i].subset.count;
	}
	return n <= MAX_LISTED;
}

/* "; it takes <LIST>" or "; write it with the <P*> names" */
static void put_names(fs_buf *b, const fs_site *site, const fs_slot *s)
{
	if (s->accept->is_zero) {
		fs_buf_puts(b, "; pass 0");
	} else if (is_listed_short(s->accept)) {
		fs_buf_puts(b, "; it takes ");
		fs_put_accepted_list(b, site->rules, s->accept);
	} else {
		fs_buf_puts(b, "; write it with the ");
		fs_put_expected(b, site->rules, s->accept);
		fs_buf_puts(b, " names");
	}
}

/* ": <EFFECT>; <NAMES>" */
static void put_effect_and_names(fs_buf *b, const fs_site *site,
				 const fs_slot *s)
{
	fs_buf_puts(b, ": ");
	fs_put_effect(b, s->bits);
	put_names(b, site, s);
}

/* "<NAMES>": "no flag" for a reserved argument, else "no <P*> flag". */
static void put_no_flag(fs_buf *b, const fs_site *site, const fs_slot *s,
			const char *what)
{
	if (s->accept->is_zero) {
		fs_buf_printf(b, "no %s", what);
		return;
	}
	fs_buf_puts(b, "no ");
	fs_put_expected(b, site->rules, s->accept);
	fs_buf_printf(b, " %s", what);
}

static int emit(const fs_site *site, const fs_slot *s, size_t at,
		size_t term, fs_buf *m)
{
	if (fs_findings_add(site->out, FS_CHECK_UNNAMED_NUMBER, at, term, m,
			    NULL)) {
		fs_buf_free(m);
		return -1;
	}
	fs_findings_say_bits(site->out, s->bits);
	return 0;
}

/* "<V> in <LABEL> is no <P*> flag it takes: ...", or "<V> in <LABEL> has
 * bits no <P*> flag it takes has (<R>): ..." */
static int report_bits(const fs_site *site, const fs_slot *s, size_t at,
		       size_t term, int64_t v, uint64_t rejected)
{
	fs_buf m = { 0 };

	fs_put_value(&m, v);
	fs_buf_puts(&m, " in ");
	fs_put_slot_label(&m, site, s);
	if (v > 0 && (uint64_t)v == rejected) {
		fs_buf_puts(&m, " is ");
		put_no_flag(&m, site, s, "flag it takes");
	} else {
		fs_buf_puts(&m, " has bits ");
		put_no_flag(&m, site, s, "flag it takes has (");
		fs_put_value(&m, (int64_t)rejected);
		fs_buf_puts(&m, ")");
	}
	put_effect_and_names(&m, site, s);
	return emit(site, s, at, term, &m);
}

/* "<V> in <LABEL> is no <P*> value it takes: ..." */
static int report_value(const fs_site *site, const fs_slot *s, size_t at,
			size_t term, int64_t v)
{
	fs_buf m = { 0 };

	/* An enumeration's values are numbers, not bits: in decimal. */
	fs_buf_printf(&m, "%lld in ", (long long)v);
	fs_put_slot_label(&m, site, s);
	fs_buf_puts(&m, " is ");
	put_no_flag(&m, site, s, "value it takes");
	put_effect_and_names(&m, site, s);
	return emit(site, s, at, term, &m);
}

/* "<LABEL> gets a truth value (0 or 1), and 1 is no <P*> flag it takes:
 * when it is true, ..." */
static int report_truth(const fs_site *site, const fs_slot *s, size_t at)
{
	fs_buf m = { 0 };

	fs_put_slot_label(&m, site, s);
	fs_buf_puts(&m, " gets a truth value (0 or 1), and 1 is ");
	put_no_flag(&m, site, s, "flag it takes");
	fs_buf_puts(&m, ": when it is true, ");
	fs_put_effect(&m, s->bits);
	put_names(&m, site, s);
	return emit(site, s, at, FS_WHOLE_VALUE, &m);
}

/* Whether the value as written is a comparison, a logical operation or
 * a bool: 0 or 1 (`x > 2`, `!nofollow`, `a && b`, a bool variable). */
static int is_truth_value(const fs_value *v)
{
	static const unsigned char truth[FS_OP_COUNT] = {
		[FS_OP_EQ] = 1, [FS_OP_NE] = 1, [FS_OP_REL] = 1,
		[FS_OP_LAND] = 1, [FS_OP_LOR] = 1, [FS_OP_LNOT] = 1,
		[FS_OP_TRUTH] = 1,
	};

	return v->nodes && v->nnodes && (unsigned)v->nodes[0].op < FS_OP_COUNT &&
	       truth[v->nodes[0].op];
}

/* Whether term i of an enumeration's value is a number it does not take,
 * which is the whole value on the paths where it is: written alone, or
 * one of the values chosen (`c ? 2 : 7`, `w = 0; if (c) w = 7;`). A
 * negative number on some paths only is a helper's error return
 * (`default: return -1;`), which the caller tests before the call. */
static int is_rejected_value(const fs_site *site, const fs_slot *s,
			     const fs_reading *r, size_t i)
{
	const fs_term *t = &r->value->terms[i];

	if (t->name || !t->has_value || !fs_reading_is_whole(r, i) ||
	    (t->value < 0 && !fs_reading_sets(r, i, 1)))
		return 0;
	return !is_taken_value(site, s, t->value);
}

/* An enumeration's value: each number that is the whole value on some
 * path, and none it takes. */
static int check_enum_value(const fs_site *site, const fs_slot *s,
			    size_t at)
{
	const fs_reading *r = &site->reads[at];

	for (size_t i = 0; i < r->value->nterms; i++)
		if (is_rejected_value(site, s, r, i) &&
		    report_value(site, s, at, i, r->value->terms[i].value))
			return -1;
	return 0;
}

/* Flags: each number the value sets, on some paths at least, with bits
 * no member the slot takes has. */
static int check_flag_bits(const fs_site *site, const fs_slot *s, size_t at)
{
	const fs_reading *r = &site->reads[at];
	uint64_t taken = taken_bits(site, s);

	if (is_truth_value(r->value))
		return (taken & 1) ? 0 : report_truth(site, s, at);
	for (size_t i = 0; i < r->value->nterms; i++) {
		const fs_term *t = &r->value->terms[i];
		uint64_t rejected = (uint64_t)t->value & ~taken;

		if (t->name || !t->has_value || !fs_reading_sets(r, i, 0) ||
		    !rejected)
			continue;
		if (report_bits(site, s, at, i, t->value, rejected))
			return -1;
	}
	return 0;
}

/* "<V> in <LABEL>" or "<LABEL> gets a truth value, which": an argument
 * the call does not read (bits=unread) " is never read: the call does not
 * read that argument; drop it". */
static int report_unread(const fs_site *site, const fs_slot *s, size_t at,
			 size_t term, const int64_t *v)
{
	fs_buf m = { 0 };

	if (v) {
		fs_put_value(&m, *v);
		fs_buf_puts(&m, " in ");
		fs_put_slot_label(&m, site, s);
	} else {
		fs_put_slot_label(&m, site, s);
		fs_buf_puts(&m, " gets a truth value (0 or 1), which");
	}
	fs_buf_puts(&m, " is never read: the call does not read that "
			"argument; drop it");
	return emit(site, s, at, term, &m);
}

/* Whether the site calls a function (or syscall()), not a raw system
 * call's rules name alone (`SYS_eventfd`), which no code calls. */
static int is_function(const fs_site *site)
{
	return fs_rules_name_role(site->rules, site->name) == FS_ROLE_CALL;
}

/* An argument the call does not read (one after fcntl()'s argument, or
 * the argument of a getter): whatever is there is lost, so a number
 * other than 0, or a truth value, was meant for something the call does
 * not do (`fcntl(fd, F_SETFL, O_NONBLOCK, 0)` meant as "off"). */
static int check_unread(const fs_site *site, const fs_slot *s, size_t at)
{
	const fs_reading *r = &site->reads[at];

	if (is_truth_value(r->value))
		return report_unread(site, s, at, FS_WHOLE_VALUE, NULL);
	for (size_t i = 0; i < r->value->nterms; i++) {
		const fs_term *t = &r->value->terms[i];

		if (t->name || !t->has_value || !t->value ||
		    !fs_reading_sets(r, i, 0))
			continue;
		if (report_unread(site, s, at, i, &t->value))
			return -1;
	}
	return 0;
}

/* Whether the slot takes a flag or an enumeration's value: a member that
 * is not a field or a special value (value=field). An argument whose
 * members are all special values is a number with a few names (a dirfd:
 * a descriptor, or AT_FDCWD). */
static int takes_flags_or_values(const fs_site *site, const fs_slot *s)
{
	const fs_rules *rules = site->rules;
	size_t ns[8], n = fs_accept_namespaces(rules, s->accept, ns, 8);

	if (s->accept->is_zero)
		return 1;
	for (size_t i = 0; i < n; i++) {
		const fs_ids *ids = &rules->namespaces.items[ns[i]].members;

		for (size_t k = 0; k < ids->count; k++)
			if (!rules->members.items[ids->items[k]].is_field &&
			    fs_accept_fit(rules, s->accept, ids->items[k]) ==
				    FS_FIT_OK)
				return 1;
	}
	return 0;
}

int fs_check_unnamed_number(const fs_site *site, size_t slot, size_t at)
{
	const fs_slot *s = &site->slots[slot];

	if (!site->is_read && s->bits == FS_BITS_UNREAD)
		return is_function(site) ? check_unread(site, s, at) : 0;
	if (site->is_read || !fs_bits_reject_numbers(s->bits) ||
	    s->accept->is_number ||
	    !fs_accept_is_known(site->rules, s->accept) ||
	    !takes_flags_or_values(site, s))
		return 0;
	if (fs_accept_is_enum(site->rules, s->accept))
		return check_enum_value(site, s, at);
	return check_flag_bits(site, s, at);
}
