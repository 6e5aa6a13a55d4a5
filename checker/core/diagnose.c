/* diagnose.c: classifies each flag of a value against its slot and words
 * the finding: wrong namespace, wrong field, or unsupported flag. */
#include <string.h>

#include "accept.h"
#include "arch.h"
#include "arch_verdict.h"
#include "check_enum_mix.h"
#include "check_unnamed_number.h"
#include "decode.h"
#include "diagnose.h"
#include "findings.h"
#include "message.h"
#include "result_never.h"
#include "strbuf.h"
#include "suggest.h"

/* One term being reported. */
typedef struct report {
	const fs_site *site;
	size_t slot;
	const fs_term *term;
	size_t m;		/* its member */
	size_t at;		/* finding slot */
	size_t index;		/* finding term */
} report;

static const fs_slot *slot_of(const report *r)
{
	return &r->site->slots[r->slot];
}

static const char *term_name(const report *r)
{
	return r->site->rules->members.items[r->m].name;
}

/* Appends the finding; the caller then says what it does (findings.h). */
static int emit(const report *r, fs_check check, fs_buf *b, const char *fix)
{
	if (fs_findings_add(r->site->out, check, r->at, r->index, b, fix)) {
		fs_buf_free(b);
		return -1;
	}
	return 0;
}

/* What bits the slot does not take do: a read (a test, a comparison)
 * makes no call, and a test for bits its value never has is always
 * false. */
static fs_bits bits_of(const report *r)
{
	return r->site->is_read ? FS_BITS_NEVER_SET : slot_of(r)->bits;
}

/* What put_meaning says of a value. */
typedef struct meaning {
	int known;		/* the value is known: `how` is what it is */
	fs_decoded how;
	int clears;		/* the call replaces the flags, clearing
				   others */
} meaning;

/* Says what the value does; nothing when it is not known (the finding is
 * then of the worst class). */
static void say_meaning(const report *r, const meaning *m)
{
	if (m->known)
		fs_findings_say_decoded(r->site->out, &m->how, bits_of(r));
	if (m->clears)
		fs_findings_say(r->site->out, FS_SAYS_CHANGES);
}

/* "FD_CLOEXEC": the flags the slot takes (one name per value) none of
 * whose bits the whole value has; returns how many. */
static size_t put_unset(fs_buf *b, const report *r, uint64_t must)
{
	const fs_rules *rules = r->site->rules;
	size_t ids[64], n = fs_accept_flags_within(rules, slot_of(r)->accept,
						   r->site->arch,
						   ~(uint64_t)0, must, ids,
						   64, NULL);

	for (size_t i = 0; i < n; i++)
		fs_buf_printf(b, "%s%s", i ? ", " : "",
			      rules->members.items[ids[i]].name);
	return n;
}

/* "; the call replaces the flags with its argument, so it clears
 * FD_CLOEXEC": what an argument that replaces the flags (`replaces`) does
 * to those it does not give, when the whole value is known. */
static int put_replaced(fs_buf *b, const report *r)
{
	const fs_reading *reading = &r->site->reads[r->at];
	fs_buf names = { 0 };

	if (!slot_of(r)->replaces || reading->unknown ||
	    !put_unset(&names, r, reading->must) || names.failed) {
		fs_buf_free(&names);
		return 0;
	}
	fs_buf_printf(b, "; the call replaces the flags with its argument, "
		      "so it clears %s", fs_buf_str(&names));
	fs_buf_free(&names);
	return 1;
}

/* ": in <PARAM> <VALUE> <DECODE>" (or ": here <VALUE> <DECODE>"), read in
 * the slot's namespaces, then what the call does with the bits it does
 * not take (a read: ", which it never has" after bits named by a member
 * it does not take) and with the flags it replaces; nothing when the
 * value is not known. *m gets what it said. */
static void put_meaning(fs_buf *b, const report *r, int in_label, meaning *m)
{
	const fs_rules *rules = r->site->rules;
	fs_decoded *how = &m->how;
	int64_t v;

	m->known = m->clears = 0;
	if (!fs_term_value(rules, r->term, &v))
		return;
	m->known = 1;
	if (in_label) {
		fs_buf_puts(b, ": in ");
		fs_put_slot_label(b, r->site, slot_of(r));
	} else {
		fs_buf_puts(b, ": here");
	}
	fs_buf_putn(b, " ", 1);
	fs_put_value(b, v);
	fs_buf_putn(b, " ", 1);
	/* A read (a test, a comparison) makes no call: no effect to say. */
	if (!fs_put_decode_operand(b, rules, r->site->arch,
				   slot_of(r)->accept, v, how))
		return;
	if (r->site->is_read) {
		if (how->named)
			fs_buf_puts(b, ", which it never has");
		return;
	}
	fs_put_effect_suffix(b, slot_of(r)->bits);
	m->clears = put_replaced(b, r);
}

/* "; it belongs in lseek() whence: unless what is there is a SEEK_*
 * value, the call fails with EINVAL": the flag's own argument, which
 * holds something the code does not show (lseek(fd, SEEK_SET, offset));
 * what that does there is the worst it can be. Returns the slot, or
 * FS_NONE (nothing appended). */
static size_t put_unknown_home(fs_buf *b, const report *r)
{
	const fs_site *site = r->site;
	size_t k = site->is_record ? FS_NONE
				   : fs_site_find_slot(site, r->slot, r->m, 1);
	const fs_slot *home = k != FS_NONE ? &site->slots[k] : NULL;
	int is_enum;

	if (!home || home->pos >= site->nreads ||
	    !site->reads[home->pos].unknown)
		return FS_NONE;
	fs_buf_puts(b, "; it belongs in ");
	fs_put_slot_label(b, site, home);
	is_enum = fs_accept_is_enum(site->rules, home->accept);
	fs_buf_puts(b, is_enum ? ": unless what is there is a "
			       : ": unless what is there is made of ");
	fs_put_expected(b, site->rules, home->accept);
	fs_buf_puts(b, is_enum ? " value, " : " flags, ");
	fs_put_effect(b, home->bits);
	return k;
}

/* "<NAME> is a flag, but <PARAM> is not a flag argument: <VALUE> is used
 * as a number": a flag where a plain number belongs is in the wrong
 * namespace too. */
static int report_number(const report *r)
{
	fs_buf b = { 0 };
	int64_t v;
	size_t home;

	fs_buf_printf(&b, "%s is a flag, but ", term_name(r));
	fs_put_slot_label(&b, r->site, slot_of(r));
	fs_buf_puts(&b, " is not a flag argument");
	if (fs_term_value(r->site->rules, r->term, &v)) {
		fs_buf_puts(&b, ": ");
		fs_put_value(&b, v);
		fs_buf_puts(&b, " is used as a number");
	}
	home = put_unknown_home(&b, r);
	if (emit(r, FS_CHECK_WRONG_NAMESPACE, &b, NULL))
		return -1;
	fs_findings_say(r->site->out, FS_SAYS_CHANGES);
	if (home != FS_NONE)
		fs_findings_say_bits(r->site->out, r->site->slots[home].bits);
	return 0;
}

/* What the bits of a reserved argument do: "0x80000 there makes the call
 * fail with EINVAL". Without a value: the effect alone. */
static void put_reserved_effect(fs_buf *b, fs_bits bits, const int64_t *v)
{
	if (v) {
		fs_put_value(b, *v);
		fs_buf_puts(b, " there ");
		fs_put_effect_verb(b, bits);
	} else if (bits == FS_BITS_UNREAD) {
		fs_buf_puts(b, "it is never read");
	} else {
		fs_put_effect(b, bits);
	}
}

/* "<NAME> is a flag, but <PARAM> must be 0: <VALUE> there <EFFECT>
 * [; <SUGGEST>]": a reserved argument takes no flag, and the suggestions
 * say where the flag would mean something. */
static int report_reserved(const report *r)
{
	const char *fix;
	fs_buf b = { 0 };
	int64_t v;
	int known = fs_term_value(r->site->rules, r->term, &v);

	/* A flag that is 0 sets nothing the call could object to. */
	if (known && v == 0)
		return 0;
	fs_buf_printf(&b, "%s is a flag, but ", term_name(r));
	fs_put_slot_label(&b, r->site, slot_of(r));
	/* An argument the call does not read (the system call has none there,
	 * or the command reads none) is no flags argument at all: what is
	 * there is lost, 0 or not. */
	fs_buf_puts(&b, slot_of(r)->bits == FS_BITS_UNREAD
			? " is an argument the call does not read: "
			: " must be 0: ");
	put_reserved_effect(&b, slot_of(r)->bits, known ? &v : NULL);
	fs_put_suggestions(&b, r->site, r->slot, r->m, &fix);
	if (emit(r, FS_CHECK_UNSUPPORTED_FLAG, &b, NULL))
		return -1;
	fs_findings_say_bits(r->site->out, slot_of(r)->bits);
	return 0;
}

/* ": <VALUE> means <NAMES> there" when the value is made of bits the slot
 * takes (AT_REMOVEDIR is AT_EACCESS by design): what the call really
 * does. Returns 0 when it is not. */
static int put_shared_value(fs_buf *b, const report *r, int64_t v)
{
	fs_buf names = { 0 };
	uint64_t rest;
	int rejected, shared;

	shared = fs_decode_names_at(&names, r->site->rules, r->site->arch,
				    slot_of(r)->accept, v, 1, &rest,
				    &rejected) && !rest;
	if (shared) {
		fs_buf_puts(b, ": ");
		fs_put_value(b, v);
		fs_buf_printf(b, " means %s there", fs_buf_str(&names));
		b->failed |= names.failed;
	}
	fs_buf_free(&names);
	return shared;
}

/* "<NAME> is not accepted by <PARAM>: <EFFECT>; it takes <LIST>" */
static int report_subset(const report *r)
{
	const fs_rules *rules = r->site->rules;
	int known, shared;
	fs_buf b = { 0 };
	int64_t v = 0;

	const fs_deprecation *d = fs_model_deprecation(rules, term_name(r));

	/* A flag that is 0 here sets nothing the call could object to; a
	 * spelling deprecated as having no effect is flagspace-deprecated-
	 * flag's to report. */
	known = fs_term_value(rules, r->term, &v);
	if ((known && v == 0) || (d && !strcmp(d->replacement.text, "-")))
		return 0;
	fs_buf_printf(&b, "%s is not accepted by ", term_name(r));
	fs_put_slot_label(&b, r->site, slot_of(r));
	shared = known && put_shared_value(&b, r, v);
	if (!shared) {
		fs_buf_puts(&b, ": ");
		fs_put_effect(&b, slot_of(r)->bits);
		fs_buf_puts(&b, "; it takes ");
		fs_put_accepted_list(&b, rules, slot_of(r)->accept);
	}
	if (emit(r, FS_CHECK_UNSUPPORTED_FLAG, &b, NULL))
		return -1;
	/* Bits that mean a flag the call takes change what it does. */
	if (shared)
		fs_findings_say(r->site->out, FS_SAYS_CHANGES);
	else
		fs_findings_say_bits(r->site->out, slot_of(r)->bits);
	return 0;
}

/* "<NAME> belongs in <R>.<SIBLING>, not <R>.<FIELD>: here <VALUE> <DECODE>" */
static int report_field(const report *r, size_t sibling)
{
	fs_buf b = { 0 };
	meaning m;

	fs_buf_printf(&b, "%s belongs in ", term_name(r));
	fs_put_slot_label(&b, r->site, &r->site->slots[sibling]);
	fs_buf_puts(&b, ", not ");
	fs_put_slot_label(&b, r->site, slot_of(r));
	put_meaning(&b, r, 0, &m);
	if (emit(r, FS_CHECK_WRONG_FIELD, &b, NULL))
		return -1;
	say_meaning(r, &m);
	return 0;
}

/* "<NAME> is from the <P*> namespace, not <EXPECTED>". Where both read
 * alike (MS_RDONLY in msync(): "MS_*" twice), each gets its desc. */
static void put_namespaces(fs_buf *b, const report *r)
{
	const fs_rules *rules = r->site->rules;
	size_t own = rules->members.items[r->m].ns;
	fs_buf expected = { 0 };

	fs_buf_printf(b, "%s is from the ", term_name(r));
	fs_put_prefix(b, rules, own);
	fs_buf_puts(b, " namespace");
	if (fs_put_expected_beside(&expected, rules, slot_of(r)->accept, own))
		fs_put_ns_desc(b, rules, own);
	fs_buf_printf(b, ", not %s", fs_buf_str(&expected));
	b->failed |= expected.failed;
	fs_buf_free(&expected);
}

/* Whether `equivalent FROM TO same-value` says so. */
static int is_same_value(const fs_rules *rules, const char *from,
			 const char *to)
{
	const fs_group *g = fs_model_equivalents(rules, from);

	for (size_t i = 0; g && i < g->rules.count; i++) {
		const fs_equivalent *e =
			&rules->equivalents.items[g->rules.items[i]];

		if (e->same_value && !strcmp(e->to.text, to))
			return 1;
	}
	return 0;
}

/* ": it works in <PARAM> only because the values are equal (<VALUE> is
 * <FIX> there); use <FIX>" when the certain replacement is the flag's bits
 * spelled in the slot's namespace (`same-value`: MS_RDONLY in
 * super_block.s_flags is SB_RDONLY) and the value is indeed equal: a name
 * to spell right, not a change of behaviour. Returns 0 when it is not. */
static int put_equal_value(fs_buf *b, const report *r, const char *fix)
{
	const fs_rules *rules = r->site->rules;
	size_t m = fix ? fs_model_member(rules, fix) : FS_NONE;
	int64_t v;

	if (m == FS_NONE || !is_same_value(rules, term_name(r), fix) ||
	    !fs_term_value(rules, r->term, &v) ||
	    !fs_member_is_on(rules, m, r->site->arch) ||
	    fs_member_value(rules, m, r->site->arch) != v)
		return 0;
	fs_buf_puts(b, ": it works in ");
	fs_put_slot_label(b, r->site, slot_of(r));
	fs_buf_puts(b, " only because the values are equal (");
	fs_put_value(b, v);
	fs_buf_printf(b, " is %s there); use %s", fix, fix);
	return 1;
}

/* Whether the flag's value is that of the flag meant here (the
 * equivalent the slot takes, on the site's architecture): the code works
 * because the values coincide. */
static int is_equal_here(const report *r)
{
	int64_t v;

	return fs_term_value(r->site->rules, r->term, &v) &&
	       fs_arch_is_equal_here(r->site, r->slot, r->m, v);
}

/* "<NAME> is from the <P*> namespace, not <EXPECTED>: in <PARAM> <VALUE>
 * <DECODE>[; <SUGGEST>]", or for equal values put_equal_value's words */
static int report_namespace(const report *r)
{
	const char *fix;
	fs_buf b = { 0 }, suggest = { 0 };
	meaning m = { 0, { 0, 0, 0, 0 }, 0 };
	int equal;

	put_namespaces(&b, r);
	fs_put_suggestions(&suggest, r->site, r->slot, r->m, &fix);
	equal = put_equal_value(&b, r, fix);
	if (!equal) {
		put_meaning(&b, r, 1, &m);
		fs_put_arch_verdict(&b, r->site, r->slot, r->m);
		fs_buf_puts(&b, fs_buf_str(&suggest));
		equal = is_equal_here(r);
	}
	b.failed |= suggest.failed;
	fs_buf_free(&suggest);
	if (!(r->term->flags & FS_TERM_FIXABLE))
		fix = NULL;
	if (emit(r, FS_CHECK_WRONG_NAMESPACE, &b, fix))
		return -1;
	if (equal)
		fs_findings_say(r->site->out, FS_SAYS_SAME_VALUE);
	else
		say_meaning(r, &m);
	return 0;
}

/* A record flag that a sibling field takes is in the wrong field. The
 * sibling must take the flag itself, not only its namespace: MS_RDONLY does
 * not belong in mount_attr.propagation, which takes four MS_ flags. */
static int report_foreign(const report *r)
{
	size_t sibling = FS_NONE;

	if (r->site->is_record)
		sibling = fs_site_find_slot(r->site, r->slot, r->m, 0);
	if (sibling != FS_NONE)
		return report_field(r, sibling);
	return report_namespace(r);
}

static int (*const reporters[])(const report *r) = {
	[FS_FIT_OK] = NULL,
	[FS_FIT_NUMBER] = report_number,
	[FS_FIT_RESERVED] = report_reserved,
	[FS_FIT_SUBSET] = report_subset,
	[FS_FIT_FOREIGN] = report_foreign,
};

int fs_diagnose_value(const fs_site *site, size_t slot, size_t at)
{
	const fs_slot *s = &site->slots[slot];
	const fs_reading *reading = &site->reads[at];
	const fs_value *value = reading->value;

	if (!fs_accept_is_known(site->rules, s->accept))
		return 0;
	/* Only a set term puts its bits into the value: a cleared one, a mask
	 * (`mode & S_IFMT`) or a compared one leaves nothing to object to. */
	for (size_t i = 0; i < value->nterms; i++) {
		report r = { site, slot, &value->terms[i], FS_NONE, at, i };
		int (*fn)(const report *);
		fs_fit fit;

		if (!r.term->name || !fs_reading_sets(reading, i, 0))
			continue;
		r.m = fs_model_member(site->rules, r.term->name);
		if (r.m == FS_NONE)
			continue;
		fit = fs_accept_fit(site->rules, s->accept, r.m);
		/* A mask tests what the value can hold: a flag of its
		 * namespace that a call would not take may still be there. */
		fn = site->is_read && (fit == FS_FIT_SUBSET ||
				       fit == FS_FIT_RESERVED)
			? NULL : reporters[fit];
		if (fn && fn(&r))
			return -1;
		/* ... unless the rules say it never holds that flag. */
		if (!fn && fit == FS_FIT_SUBSET &&
		    fs_report_never(site, slot, at, i, r.m))
			return -1;
	}
	if (site->is_read)
		return 0;
	return fs_check_enum_mix(site, slot, at) ||
	       (!site->is_record && fs_check_unnamed_number(site, slot, at))
		? -1 : 0;
}

