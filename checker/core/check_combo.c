/* check_combo.c: the excludes, requires and ignored-unless rules: flags a
 * call rejects or ignores in combination with others. */
#include <string.h>

#include "check_combo.h"
#include "findings.h"
#include "message.h"

/* One argument or field as a combination rule reads it. */
typedef struct place {
	const char *param;	/* its name, for messages */
	const fs_value *value;	/* NULL: nothing written there (0) */
	const fs_reading *reading;	/* the value's reading, or NULL */
	size_t at;		/* finding slot */
	int known;		/* every part is named and set (on some paths
				   at least), nothing else reaches it: what is
				   set is set, what is missing is missing */
} place;

/* One rule at one site. */
typedef struct combo {
	const fs_site *site;
	const fs_combo_rule *rule;
	place first, other;	/* where the FIRSTs and the OTHERs are */
} combo;

static int is_listed(const fs_words *words, const char *name)
{
	for (size_t i = 0; i < words->count; i++)
		if (!strcmp(words->items[i].text, name))
			return 1;
	return 0;
}

/* Whether the value is fully known: no part that is not a constant, no
 * number the rules cannot name (a literal 0 aside), and every term set:
 * nothing cleared, masked, compared or moved. */
static int is_known(const fs_rules *rules, const fs_reading *r)
{
	const fs_value *v = r->value;
	int64_t value;

	if (r->unknown)
		return 0;
	for (size_t i = 0; i < v->nterms; i++) {
		const fs_term *t = &v->terms[i];

		if (!fs_reading_sets(r, i, 0))
			return 0;
		if (!t->name &&
		    !(fs_term_value(rules, t, &value) && value == 0))
			return 0;
	}
	return 1;
}

/* Term i of a known value is set on every path. */
static int is_set(const place *p, size_t i)
{
	return p->known && p->value && p->value->terms[i].name &&
	       fs_reading_sets(p->reading, i, 1);
}

/* Whether `name` is certainly not in the place: the value is known, no
 * term is spelled `name`, and no term (one of another namespace, say) has
 * any of its bits. */
static int is_absent(const fs_rules *rules, const place *p, const char *name)
{
	size_t m = fs_model_member(rules, name);
	int64_t bits = m == FS_NONE ? 0 : rules->members.items[m].value;

	if (!p->known)
		return 0;
	if (p->reading && (p->reading->may & (uint64_t)bits))
		return 0;
	for (size_t i = 0; p->value && i < p->value->nterms; i++) {
		const fs_term *t = &p->value->terms[i];

		if (t->name && !strcmp(t->name, name))
			return 0;
	}
	return 1;
}

static int all_absent(const fs_rules *rules, const place *p,
		      const fs_words *names)
{
	for (size_t i = 0; i < names->count; i++)
		if (!is_absent(rules, p, names->items[i].text))
			return 0;
	return 1;
}

/* Term i, set, is one of the rule's FIRSTs. */
static int is_first(const combo *c, size_t i)
{
	return is_set(&c->first, i) &&
	       is_listed(&c->rule->firsts, c->first.value->terms[i].name);
}

/* Term j of the other place, set and with bits, is an OTHER that clashes
 * with FIRST term i: one of the OTHERs, or under `*` any other member of
 * the FIRST's namespace but the exceptions. */
static int is_other_of(const combo *c, size_t j, size_t i)
{
	const fs_rules *rules = c->site->rules;
	const fs_term *a = &c->first.value->terms[i];
	const fs_term *b;
	size_t ma, mb;
	int64_t value;

	if (!is_set(&c->other, j))
		return 0;
	b = &c->other.value->terms[j];
	if (!strcmp(a->name, b->name) ||
	    !(fs_term_value(rules, b, &value) && value))
		return 0;
	if (!c->rule->any_other)
		return is_listed(&c->rule->others, b->name);
	ma = fs_model_member(rules, a->name);
	mb = fs_model_member(rules, b->name);
	return ma != FS_NONE && mb != FS_NONE &&
	       rules->members.items[ma].ns == rules->members.items[mb].ns &&
	       !is_listed(&c->rule->except, b->name);
}

static int same_place(const combo *c)
{
	const fs_param *a = &c->rule->param, *b = &c->rule->other_param;

	return a->pos == b->pos && !strcmp(a->name, b->name);
}

/* Two FIRSTs that exclude each other (one propagation type at most) are
 * one finding, at the later of the two. */
static int is_reported_pair(const combo *c, size_t i, size_t j)
{
	if (!is_first(c, i) || !is_other_of(c, j, i))
		return 0;
	return !same_place(c) || i < j || !is_first(c, j) ||
	       !is_other_of(c, i, j);
}

static void put_place(fs_buf *b, const combo *c, const place *p)
{
	fs_put_param_label(b, c->site, p->param, NULL);
}

/* " in <LABEL>" after the names, or "" when both are in one place and
 * the label comes at the end. */
static void put_other_place(fs_buf *b, const combo *c)
{
	if (same_place(c))
		return;
	fs_buf_puts(b, " in ");
	put_place(b, c, &c->other);
}

static void put_note(fs_buf *b, const char *sep, const fs_combo_rule *r)
{
	if (r->note)
		fs_buf_printf(b, "%s%s", sep, r->note);
}

/* "<B> cannot be combined with <A> in <LABEL>: the call fails with EINVAL",
 * "<B> is ignored with <A> in <LABEL>", "<B> and <A> together in <LABEL>
 * are <MEANS>"; each with the rule's note. */
static int report_excludes(const combo *c, size_t i, size_t j)
{
	const fs_combo_rule *r = c->rule;
	const char *a = c->first.value->terms[i].name;
	const char *b = c->other.value->terms[j].name;
	fs_buf m = { 0 };

	fs_buf_puts(&m, b);
	put_other_place(&m, c);
	if (r->means.text)
		fs_buf_printf(&m, " and %s together in ", a);
	else if (r->bits == FS_BITS_IGNORED)
		fs_buf_printf(&m, " is ignored with %s in ", a);
	else
		fs_buf_printf(&m, " cannot be combined with %s in ", a);
	put_place(&m, c, &c->first);
	if (r->means.text)
		fs_buf_printf(&m, " are %s", r->means.text);
	if (r->bits != FS_BITS_IGNORED && !r->means.text) {
		fs_buf_puts(&m, ": ");
		fs_put_effect(&m, r->bits);
		put_note(&m, "; ", r);
	} else {
		put_note(&m, ": ", r);
	}
	if (fs_findings_add(c->site->out, FS_CHECK_INVALID_COMBINATION,
			    c->other.at, j, &m, NULL))
		return -1;
	/* Together they are another flag; where the rule also gives bits=,
	 * the note says when the call does that instead (an anonymous
	 * mapping fails): the worst is said. */
	if (r->means.text)
		fs_findings_say(c->site->out, FS_SAYS_CHANGES);
	if (!r->means.text || r->has_bits)
		fs_findings_say_bits(c->site->out, r->bits);
	return 0;
}

/* "<A> in <LABEL> needs <B>[ in <LABEL>]: without it the call fails with
 * EINVAL", "<A> in <LABEL> is ignored without <B>[ in <LABEL>]"; each
 * with the rule's note. */
static int report_missing(const combo *c, size_t i)
{
	const fs_combo_rule *r = c->rule;
	fs_buf m = { 0 };

	fs_buf_printf(&m, "%s in ", c->first.value->terms[i].name);
	put_place(&m, c, &c->first);
	if (r->kind == FS_COMBO_IGNORED_UNLESS) {
		fs_buf_puts(&m, " is ignored without ");
		fs_put_or_list(&m, &r->others);
		put_other_place(&m, c);
		put_note(&m, ": ", r);
	} else {
		fs_buf_puts(&m, " needs ");
		fs_put_or_list(&m, &r->others);
		put_other_place(&m, c);
		fs_buf_puts(&m, ": without it ");
		fs_put_effect(&m, r->bits);
		put_note(&m, "; ", r);
	}
	if (fs_findings_add(c->site->out, FS_CHECK_INVALID_COMBINATION,
			    c->first.at, i, &m, NULL))
		return -1;
	fs_findings_say_bits(c->site->out, r->bits);
	return 0;
}

/* Each OTHER term that clashes with a FIRST: one finding. */
static int check_excludes(const combo *c)
{
	const fs_value *va = c->first.value, *vb = c->other.value;

	if (!va || !vb)
		return 0;
	for (size_t j = 0; j < vb->nterms; j++) {
		for (size_t i = 0; i < va->nterms; i++) {
			if (!is_reported_pair(c, i, j))
				continue;
			if (report_excludes(c, i, j))
				return -1;
			break;
		}
	}
	return 0;
}

/* Each FIRST without any of the OTHERs: one finding. */
static int check_requires(const combo *c)
{
	const fs_value *va = c->first.value;

	if (!va || !all_absent(c->site->rules, &c->other, &c->rule->others))
		return 0;
	for (size_t i = 0; i < va->nterms; i++)
		if (is_first(c, i) && report_missing(c, i))
			return -1;
	return 0;
}

static int check_rule(const combo *c)
{
	if (!c->first.known ||
	    !all_absent(c->site->rules, &c->first, &c->rule->unless))
		return 0;
	if (c->rule->kind == FS_COMBO_EXCLUDES)
		return check_excludes(c);
	return check_requires(c);
}

/* The argument at `pos` of a call; unusable (not known) when absent. */
static place call_place(const fs_site *site, const fs_call *call,
			const fs_param *p, size_t shift)
{
	size_t at = p->pos + shift;
	place pl = { p->name, NULL, NULL, at, 0 };

	if (at < call->nargs && at < site->nreads) {
		pl.value = &call->args[at];
		pl.reading = &site->reads[at];
		pl.known = is_known(site->rules, pl.reading);
	}
	return pl;
}

int fs_check_call_combos(const fs_site *site, const fs_ids *combos,
			 const fs_call *call, size_t shift)
{
	for (size_t i = 0; i < combos->count; i++) {
		const fs_combo_rule *r =
			&site->rules->combos.items[combos->items[i]];
		combo c = { site, r, call_place(site, call, &r->param, shift),
			    call_place(site, call, &r->other_param, shift) };

		if (check_rule(&c))
			return -1;
	}
	return 0;
}

/* The field written last under `name` (the one that counts in an
 * initializer). An initializer leaves the others at 0; an assignment
 * leaves them as they were, and `|=` keeps the old bits: unknown. */
static place record_place(const fs_site *site, const fs_record *rec,
			  const char *name)
{
	place pl = { name, NULL, NULL, FS_WHOLE_VALUE, rec->is_initializer };

	for (size_t i = 0; i < rec->nfields && i < site->nreads; i++) {
		const fs_field *f = &rec->fields[i];

		if (!f->name || strcmp(f->name, name))
			continue;
		pl.value = &f->value;
		pl.reading = &site->reads[i];
		pl.at = i;
		pl.known = !f->is_compound &&
			   is_known(site->rules, pl.reading);
	}
	return pl;
}

int fs_check_record_combos(const fs_site *site, const fs_ids *combos,
			   const fs_record *record)
{
	for (size_t i = 0; i < combos->count; i++) {
		const fs_combo_rule *r =
			&site->rules->combos.items[combos->items[i]];
		combo c = { site, r,
			    record_place(site, record, r->param.name),
			    record_place(site, record, r->other_param.name) };

		if (check_rule(&c))
			return -1;
	}
	return 0;
}
