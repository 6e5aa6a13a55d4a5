/* check_swap.c: reports two arguments that hold each other's flags, such
 * as statx()'s flags and mask, or lseek()'s offset and whence. */
#include <string.h>

#include "accept.h"
#include "check_swap.h"
#include "findings.h"
#include "message.h"
#include "rules_query.h"

static const fs_slot *slot_at(const fs_site *site, size_t pos)
{
	for (size_t i = 0; i < site->nslots; i++)
		if (site->slots[i].pos == pos)
			return &site->slots[i];
	return NULL;
}

/* Whether term t can stand where the number argument `there` goes: a
 * plain number, or a flag whose value is 0 (`lseek(fd, SEEK_END,
 * SEEK_SET)`: the SEEK_SET is the offset 0 of `lseek(fd, 0, SEEK_END)`). */
static int is_number_like(const fs_rules *rules, const fs_term *t)
{
	int64_t v;

	return !t->name || (fs_term_value(rules, t, &v) && v == 0);
}

/* Whether v, given where `here` is expected, holds what `there` takes:
 * at least one flag, each of them taken by `there` and not by `here`; or,
 * when `there` is `-`, only plain numbers (or flags that are 0). Negated,
 * conditional and unknown parts make it uncertain. */
static int holds_other(const fs_rules *rules, const fs_reading *reading,
		       const fs_slot *here, const fs_slot *there)
{
	const fs_value *v = reading->value;
	size_t named = 0;

	if (reading->unknown || v->nterms == 0)
		return 0;
	for (size_t i = 0; i < v->nterms; i++) {
		const fs_term *t = &v->terms[i];
		size_t m;

		if (!fs_reading_sets(reading, i, 1))
			return 0;
		if (there->accept->is_number) {
			if (!is_number_like(rules, t))
				return 0;
			continue;
		}
		if (!t->name)
			return 0;
		m = fs_model_member(rules, t->name);
		if (m == FS_NONE ||
		    fs_accept_fit(rules, there->accept, m) != FS_FIT_OK ||
		    fs_accept_fit(rules, here->accept, m) == FS_FIT_OK)
			return 0;
		named++;
	}
	return there->accept->is_number || named > 0;
}

/* "SEEK_END" or "PROT_READ|PROT_WRITE": the flags of v. */
static void put_names(fs_buf *b, const fs_value *v)
{
	const char *sep = "";

	for (size_t i = 0; i < v->nterms; i++)
		if (v->terms[i].name) {
			fs_buf_printf(b, "%s%s", sep, v->terms[i].name);
			sep = "|";
		}
}

/* Two values that name the same flags (`lseek(fd, SEEK_SET, SEEK_SET)`):
 * swapping them changes nothing. */
static int is_same_value(const fs_value *a, const fs_value *b)
{
	fs_buf x = { 0 }, y = { 0 };
	int same;

	put_names(&x, a);
	put_names(&y, b);
	same = !x.failed && !y.failed && !strcmp(fs_buf_str(&x),
						  fs_buf_str(&y));
	fs_buf_free(&x);
	fs_buf_free(&y);
	return same;
}

static size_t count_names(const fs_value *v)
{
	size_t n = 0;

	for (size_t i = 0; i < v->nterms; i++)
		n += v->terms[i].name != NULL;
	return n;
}

/* Says what value v does in slot s: a number where a number goes is
 * another number, flags are read in the slot's namespaces. */
static void say_in(const fs_site *site, const fs_slot *s, uint64_t v)
{
	fs_buf unused = { 0 };
	fs_decoded how;

	if (s->accept->is_number) {
		fs_findings_say(site->out, FS_SAYS_CHANGES);
		return;
	}
	fs_put_decode_at(&unused, site->rules, site->arch, s->accept,
			 (int64_t)v, &how);
	fs_buf_free(&unused);
	fs_findings_say_decoded(site->out, &how, s->bits);
}

/* What the swapped values do where they stand (both are known whole,
 * holds_other): nothing changes when they are equal (lseek(fd, SEEK_SET,
 * 0): both are 0), else each is read by the slot it is in. */
static void say_swap(const fs_site *site, const fs_slot *a,
		     const fs_slot *b)
{
	uint64_t va = site->reads[a->pos].must, vb = site->reads[b->pos].must;

	if (va == vb) {
		fs_findings_say(site->out, FS_SAYS_SAME_VALUE);
		return;
	}
	say_in(site, a, va);
	say_in(site, b, vb);
}

/* "<A label> and <B> are swapped: X belongs in <B label> and Y in <A
 * label>"; the value of a number argument is "the number". */
static int report_swap(const fs_site *site, const fs_slot *a,
		       const fs_slot *b, const fs_value *va,
		       const fs_value *vb)
{
	fs_buf m = { 0 };
	/* `first` holds flags; `second` holds flags or, if `first` is the
	 * number argument, a number. */
	int flip = b->accept->is_number;
	const fs_slot *first = flip ? b : a, *second = flip ? a : b;
	const fs_value *v1 = flip ? vb : va, *v2 = flip ? va : vb;

	fs_put_slot_label(&m, site, a);
	fs_buf_printf(&m, " and %s are swapped: ", b->param);
	put_names(&m, v1);
	fs_buf_puts(&m, count_names(v1) > 1 ? " belong in " : " belongs in ");
	fs_put_slot_label(&m, site, second);
	if (first->accept->is_number) {
		fs_buf_puts(&m, " and the number in ");
	} else {
		fs_buf_puts(&m, " and ");
		put_names(&m, v2);
		fs_buf_puts(&m, " in ");
	}
	fs_put_slot_label(&m, site, first);
	if (fs_findings_add(site->out, FS_CHECK_SWAPPED_ARGUMENTS, a->pos,
			    FS_WHOLE_VALUE, &m, NULL)) {
		fs_buf_free(&m);
		return -1;
	}
	site->out->items[site->out->count - 1].swap_slot = b->pos;
	say_swap(site, a, b);
	return 0;
}

int fs_check_call_swaps(const fs_site *site, const fs_call *call,
			unsigned char *swapped)
{
	const fs_rules *rules = site->rules;
	/* A raw syscall() uses the swaps of the rules it is checked by, one
	 * position further on. */
	fs_buf raw = { 0 };
	const char *name = site->number
		? fs_syscall_rules_name(rules, site->number, &raw)
		: call->callee;
	size_t shift = site->number != NULL;
	int res = raw.failed ? -1 : 0;

	for (size_t i = 0; name && i < rules->swaps.count && !res; i++) {
		const fs_swap_rule *r = &rules->swaps.items[i];
		const fs_slot *a = slot_at(site, r->a.pos + shift);
		const fs_slot *b = slot_at(site, r->b.pos + shift);
		const fs_value *va, *vb;

		if (!fs_swap_names_function(r, name) || !a || !b ||
		    a->pos >= call->nargs || b->pos >= call->nargs ||
		    (a->accept->is_number && b->accept->is_number))
			continue;
		va = &call->args[a->pos];
		vb = &call->args[b->pos];
		if (is_same_value(va, vb))
			continue;
		if (!holds_other(rules, &site->reads[a->pos], a, b) ||
		    !holds_other(rules, &site->reads[b->pos], b, a))
			continue;
		if (report_swap(site, a, b, va, vb)) {
			res = -1;
			break;
		}
		swapped[a->pos] = swapped[b->pos] = 1;
	}
	fs_buf_free(&raw);
	return res;
}
