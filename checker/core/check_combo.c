/* check_combo.c: the excludes, requires and ignored-unless rules: flags a
 * call rejects or ignores in combination with others. */
#include <string.h>

#include "base/count_of.h"
#include "check_joint.h"
#include "findings.h"
#include "message.h"
#include "mode_choice.h"
#include "record_given.h"

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
	const char *path;	/* file=: the string literal written there,
				   or NULL */
} combo;

/* Whether unnamed term i is no flag: a literal 0, or a negative number
 * on some paths only, a helper's error return (`default: return -1;`)
 * that says nothing of the flags on the other paths (its bits still
 * count in what the value may hold). */
static int is_no_flag(const fs_rules *rules, const fs_reading *r, size_t i)
{
	int64_t value;

	if (!fs_term_value(rules, &r->value->terms[i], &value))
		return 0;
	return value == 0 || (value < 0 && !fs_reading_sets(r, i, 1));
}

/* The bits the set named terms of a value put into it. */
static uint64_t named_bits(const fs_rules *rules, const fs_reading *r)
{
	uint64_t bits = 0;
	int64_t value;

	for (size_t i = 0; i < r->value->nterms; i++)
		if (fs_reading_sets(r, i, 0) &&
		    fs_term_value(rules, &r->value->terms[i], &value))
			bits |= (uint64_t)value;
	return bits;
}

/* Whether the value is fully known: no part that is not a constant, no
 * number the rules cannot name (but no flag), and every term set:
 * nothing masked, compared or moved (a ?: condition aside, which only
 * picks an arm). A term cleared by `& ~B` (`flags &= ~O_NONBLOCK` after
 * `flags = O_RDONLY | O_NONBLOCK; flags |= O_TRUNC;`) leaves it known when
 * every bit the value may have comes from a set term: not `A | ~B`, whose
 * complement sets bits nothing names. */
static int is_known(const fs_rules *rules, const fs_reading *r)
{
	const fs_value *v = r->value;
	int cleared = 0;

	if (r->unknown)
		return 0;
	for (size_t i = 0; i < v->nterms; i++) {
		if (fs_reading_picks(r, i))
			continue;
		if (r->terms[i].use == FS_USE_CLEARED && v->terms[i].name) {
			cleared = 1;
			continue;
		}
		if (!fs_reading_sets(r, i, 0))
			return 0;
		if (!v->terms[i].name && !is_no_flag(rules, r, i))
			return 0;
	}
	return !cleared || !(r->may & ~named_bits(rules, r));
}

/* How surely a term is there. */
enum { SOME_PATHS, EVERY_PATH };

/* Term i of a known value is set on every path, or on some at least. */
static int is_set(const place *p, size_t i, int every)
{
	return p->known && p->value && p->value->terms[i].name &&
	       fs_reading_sets(p->reading, i, every);
}

/* Whether `name` is certainly not in the place: the value is known, no
 * term is spelled `name`, and the terms (one of another namespace, say)
 * cannot give all of its bits: O_DIRECTORY is not O_TMPFILE, which
 * contains its bit. */
static int is_absent(const fs_rules *rules, const place *p, const char *name)
{
	size_t m = fs_model_member(rules, name);
	uint64_t bits = m == FS_NONE ? 0
				     : (uint64_t)rules->members.items[m].value;

	if (!p->known)
		return 0;
	if (p->reading && bits && (p->reading->may & bits) == bits)
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
static int is_first(const combo *c, size_t i, int every)
{
	return is_set(&c->first, i, every) &&
	       fs_words_has(&c->rule->firsts, c->first.value->terms[i].name);
}

/* Term j of the other place, set and with bits, is an OTHER that clashes
 * with FIRST term i: one of the OTHERs, or under `*` any other member of
 * the FIRST's namespace but the exceptions. */
static int is_other_of(const combo *c, size_t j, size_t i, int every)
{
	const fs_rules *rules = c->site->rules;
	const fs_term *a = &c->first.value->terms[i];
	const fs_term *b;
	size_t ma, mb;
	int64_t value;

	if (!is_set(&c->other, j, every))
		return 0;
	b = &c->other.value->terms[j];
	if (!strcmp(a->name, b->name) ||
	    !(fs_term_value(rules, b, &value) && value))
		return 0;
	if (!c->rule->any_other)
		return fs_words_has(&c->rule->others, b->name);
	ma = fs_model_member(rules, a->name);
	mb = fs_model_member(rules, b->name);
	return ma != FS_NONE && mb != FS_NONE &&
	       rules->members.items[ma].ns == rules->members.items[mb].ns &&
	       !fs_words_has(&c->rule->except, b->name);
}

static int same_place(const combo *c)
{
	const fs_param *a = &c->rule->param, *b = &c->rule->other_param;

	return a->pos == b->pos && !strcmp(a->name, b->name);
}

/* Whether the rule holds where one of its flags is set on some paths
 * only: on those paths the call fails or does something else (a
 * RENAME_NOREPLACE added under an if, an O_WRONLY variable or'ed with
 * O_RDWR). Not where a flag is merely ignored, which is harmless on
 * most paths such code takes (but for the ignored flag itself added on
 * some paths: is_ignored_where_added), nor for a FIRST whose value is 0,
 * which every value holds: O_RDONLY with an O_WRONLY added under an if
 * is write-only by design. */
static int may_be_conditional(const combo *c, size_t i)
{
	int64_t value;

	return c->rule->bits != FS_BITS_IGNORED &&
	       fs_term_value(c->site->rules, &c->first.value->terms[i],
			     &value) && value != 0;
}

/* FIRST term i and OTHER term j, both in one value, are written together
 * in one arm of a choice (`w ? O_RDONLY | O_WRONLY : 0`, one return of a
 * helper): whenever it is taken they meet, as if written alone, unless
 * the rule only ignores. */
static int are_in_one_arm(const combo *c, size_t i, size_t j)
{
	return same_place(c) && c->rule->bits != FS_BITS_IGNORED &&
	       is_first(c, i, SOME_PATHS) && is_other_of(c, j, i, SOME_PATHS) &&
	       fs_reading_same_arm(c->first.reading, i, j);
}

/* FIRST term i and OTHER term j, values of one multi-bit field, one of
 * them or'ed on some paths onto a value where the field was chosen on
 * every path (`flags = w ? O_WRONLY : O_RDONLY; if (plus) flags |=
 * O_RDWR;`): `|=` cannot undo the choice, so they meet wherever the
 * addition follows the other (mode_choice.h). */
static int is_added_to_choice(const combo *c, size_t i, size_t j)
{
	return same_place(c) && is_first(c, i, SOME_PATHS) &&
	       may_be_conditional(c, i) && is_other_of(c, j, i, SOME_PATHS) &&
	       fs_mode_added_to_choice(c->site->rules, c->first.value, i, j);
}

/* Where the rule ignores an OTHER with FIRST term i, there on every path
 * (`fl = MS_BIND; if (ro) fl |= MS_RDONLY;`): an OTHER added on some
 * paths is asked for on those, and lost there. */
static int is_ignored_where_added(const combo *c, size_t i, size_t j)
{
	int64_t value;

	return c->rule->kind == FS_COMBO_EXCLUDES &&
	       c->rule->bits == FS_BITS_IGNORED &&
	       is_first(c, i, EVERY_PATH) &&
	       fs_term_value(c->site->rules, &c->first.value->terms[i],
			     &value) && value != 0 &&
	       is_other_of(c, j, i, SOME_PATHS);
}

/* FIRST term i and OTHER term j are there together on some path: both on
 * every path, one on every path and the other on some, both in one arm,
 * or one added to a choice of the other. */
static int are_together(const combo *c, size_t i, size_t j)
{
	if ((is_first(c, i, EVERY_PATH) && is_other_of(c, j, i, EVERY_PATH)) ||
	    are_in_one_arm(c, i, j) || is_added_to_choice(c, i, j) ||
	    is_ignored_where_added(c, i, j))
		return 1;
	if (!is_first(c, i, SOME_PATHS) || !may_be_conditional(c, i))
		return 0;
	return is_first(c, i, EVERY_PATH)
		? is_other_of(c, j, i, SOME_PATHS)
		: is_other_of(c, j, i, EVERY_PATH);
}

/* FIRST term i is there, on every path, or where the rule allows it on
 * some. */
static int is_first_there(const combo *c, size_t i)
{
	return is_first(c, i, EVERY_PATH) ||
	       (is_first(c, i, SOME_PATHS) && may_be_conditional(c, i));
}

/* Two FIRSTs that exclude each other (one propagation type at most) are
 * one finding, at the later of the two. */
static int is_reported_pair(const combo *c, size_t i, size_t j)
{
	if (!are_together(c, i, j))
		return 0;
	return !same_place(c) || i < j || !are_together(c, j, i);
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

/* Whether the rule's words say it all: the call does not fail. */
static int is_said_by_note(const fs_combo_rule *r)
{
	return r->means.text || r->bits == FS_BITS_IGNORED ||
	       r->bits == FS_BITS_MISBEHAVES;
}

/* "<SEP><EFFECT>[; <NOTE>]": what the call does, with the rule's note. */
static void put_effect(fs_buf *b, const char *sep, const fs_combo_rule *r)
{
	fs_buf_puts(b, sep);
	fs_put_effect(b, r->bits);
	put_note(b, "; ", r);
}

/* Adds the finding m at term i of place p, and says of it what it
 * predicts. Two flags that together are another flag change what happens;
 * where the rule also gives bits=, the note says when the call does that
 * instead (an anonymous mapping fails): the worst is said. A call that
 * misbehaves does so when it succeeds. Returns 0, or -1 when out of
 * memory. */
static int add_finding(const combo *c, const place *p, size_t i, fs_buf *m)
{
	const fs_combo_rule *r = c->rule;

	if (fs_findings_add(c->site->out, FS_CHECK_INVALID_COMBINATION, p->at,
			    i, m, NULL))
		return -1;
	if (r->means.text)
		fs_findings_say(c->site->out, FS_SAYS_CHANGES);
	if (!r->means.text || r->has_bits)
		fs_findings_say_bits(c->site->out, r->bits);
	if (r->bits == FS_BITS_MISBEHAVES)
		fs_findings_mark_harms_on_success(c->site->out);
	return 0;
}

/* " and ", " is ignored with ", " with ", " cannot be combined with ":
 * what joins the OTHER to the FIRST. */
static const char *excludes_join(const fs_combo_rule *r)
{
	if (r->means.text)
		return " and %s together in ";
	if (r->bits == FS_BITS_IGNORED)
		return " is ignored with %s in ";
	if (r->bits == FS_BITS_MISBEHAVES)
		return " with %s in ";
	return " cannot be combined with %s in ";
}

/* "<B> cannot be combined with <A> in <LABEL>: the call fails with EINVAL",
 * "<B> is ignored with <A> in <LABEL>", "<B> with <A> in <LABEL>: <NOTE>"
 * (misbehaves), "<B> and <A> together in <LABEL> are <MEANS>"; each with
 * the rule's note. */
static int report_excludes(const combo *c, size_t i, size_t j)
{
	const fs_combo_rule *r = c->rule;
	const char *a = c->first.value->terms[i].name;
	const char *b = c->other.value->terms[j].name;
	fs_buf m = { 0 };

	fs_buf_puts(&m, b);
	put_other_place(&m, c);
	fs_buf_printf(&m, excludes_join(r), a);
	put_place(&m, c, &c->first);
	if (r->means.text)
		fs_buf_printf(&m, " are %s", r->means.text);
	if (!is_said_by_note(r))
		put_effect(&m, ": ", r);
	else
		put_note(&m, ": ", r);
	return add_finding(c, &c->other, j, &m);
}

/* "<JOIN><B>[ in <LABEL>]": the OTHERs a FIRST goes without, or nothing
 * for a rule without OTHERs (`-`). */
static void put_missing(fs_buf *b, const combo *c, const char *join)
{
	if (c->rule->alone)
		return;
	fs_buf_puts(b, join);
	fs_put_or_list(b, &c->rule->others);
	put_other_place(b, c);
}

/* "<A> in <LABEL> needs <B>[ in <LABEL>]: without it the call fails with
 * EINVAL", "<A> in <LABEL> is ignored without <B>[ in <LABEL>]", "<A> in
 * <LABEL> without <B>[ in <LABEL>]: <NOTE>" (misbehaves); each with the
 * rule's note. A rule without OTHERs names none: "<A> in <LABEL> is
 * ignored", "<A> in <LABEL>: the call fails with EINVAL". */
static int report_missing(const combo *c, size_t i)
{
	const fs_combo_rule *r = c->rule;
	fs_buf m = { 0 };

	fs_buf_printf(&m, "%s in ", c->first.value->terms[i].name);
	put_place(&m, c, &c->first);
	if (r->kind == FS_COMBO_IGNORED_UNLESS) {
		fs_buf_puts(&m, " is ignored");
		put_missing(&m, c, " without ");
		put_note(&m, ": ", r);
	} else if (r->bits == FS_BITS_MISBEHAVES) {
		put_missing(&m, c, " without ");
		put_note(&m, ": ", r);
	} else {
		put_missing(&m, c, " needs ");
		put_effect(&m, r->alone ? ": " : ": without it ", r);
	}
	return add_finding(c, &c->first, i, &m);
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
		if (is_first_there(c, i) && report_missing(c, i))
			return -1;
	return 0;
}

/* Whether `name` is written in the place on every path: by one term, or
 * by a term of that name in each choice (the entries of a table, each
 * `MS_REMOUNT | MS_BIND | ...`), its bits then on every path. */
static int is_on_every_path(const combo *c, const char *name)
{
	const place *p = &c->first;
	int64_t bits;
	int written = 0;

	for (size_t i = 0; p->value && i < p->value->nterms; i++) {
		if (!is_set(p, i, SOME_PATHS) ||
		    strcmp(p->value->terms[i].name, name))
			continue;
		if (is_set(p, i, EVERY_PATH))
			return 1;
		written = fs_term_value(c->site->rules, &p->value->terms[i],
					&bits) && bits > 0;
		if (!written || ((uint64_t)bits & ~p->reading->must))
			return 0;
	}
	return written;
}

/* Whether every name of the rule's with= is there on every path of the
 * FIRSTs' place (MS_REMOUNT beside MS_BIND). */
static int all_with(const combo *c)
{
	const fs_words *with = &c->rule->with;

	for (size_t k = 0; k < with->count; k++)
		if (!is_on_every_path(c, with->items[k].text))
			return 0;
	return 1;
}

/* Paths that name a device, or may (a /proc/self/fd/N link): file= rules
 * stay silent there, as on a path that is no literal. */
static const char *const device_dirs[] = { "/dev/", "/proc/" };

/* Whether the rule's file= argument (if it has one) is certainly a file
 * that is no device: a string literal outside the device folders. */
static int names_no_device(const combo *c)
{
	if (!c->rule->file.name)
		return 1;
	if (!c->path || !c->path[0])
		return 0;
	for (size_t i = 0; i < FS_COUNT_OF(device_dirs); i++)
		if (!strncmp(c->path, device_dirs[i], strlen(device_dirs[i])))
			return 0;
	return 1;
}

static int check_rule(const combo *c)
{
	if (!names_no_device(c) || !c->first.known ||
	    !all_absent(c->site->rules, &c->first, &c->rule->unless) ||
	    !all_with(c))
		return 0;
	if (c->rule->kind == FS_COMBO_EXCLUDES)
		return check_excludes(c);
	return check_requires(c);
}

/* Where argument p is in the call: its position, or for PARAM(*) that
 * of the call's argument of that name; FS_NONE when it has none. */
static size_t position_of(const fs_site *site, const fs_param *p,
			  size_t shift)
{
	if (p->pos != FS_ANY_POS)
		return p->pos + shift;
	for (size_t i = 0; i < site->nslots; i++)
		if (!strcmp(site->slots[i].param, p->name))
			return site->slots[i].pos;
	return FS_NONE;
}

/* The argument at `pos` of a call; unusable (not known) when absent. */
static place call_place(const fs_site *site, const fs_call *call,
			const fs_param *p, size_t shift)
{
	size_t at = position_of(site, p, shift);
	place pl = { p->name, NULL, NULL, at, 0 };

	if (at < call->nargs && at < site->nreads) {
		pl.value = &call->args[at];
		pl.reading = &site->reads[at];
		pl.known = is_known(site->rules, pl.reading);
	}
	return pl;
}

/* The string literal written as argument p (file=), or NULL. */
static const char *call_string(const fs_site *site, const fs_call *call,
			       const fs_param *p, size_t shift)
{
	size_t at = p->name ? position_of(site, p, shift) : FS_NONE;

	return at < call->nargs ? call->args[at].string : NULL;
}

int fs_check_call_combos(const fs_site *site, const fs_ids *combos,
			 const fs_call *call, size_t shift)
{
	for (size_t i = 0; i < combos->count; i++) {
		const fs_combo_rule *r =
			&site->rules->combos.items[combos->items[i]];
		combo c = { site, r, call_place(site, call, &r->param, shift),
			    call_place(site, call, &r->other_param, shift),
			    call_string(site, call, &r->file, shift) };

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
			    record_place(site, record, r->other_param.name),
			    fs_record_given_string(site->rules, record,
						   &r->file) };

		if (check_rule(&c))
			return -1;
	}
	return 0;
}
