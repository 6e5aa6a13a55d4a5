/* rules_verify.c: checks the names a unit of rules refers to once it is
 * merged: what would make a rule check nothing is an error, an unknown
 * macro a warning. */
#include <stdarg.h>
#include <string.h>

#include "rules_reader.h"
#include "rules_verify.h"
#include "strbuf.h"

typedef struct verifier {
	const fs_rules *rules;
	fs_report_fn report;
	void *ctx;
	size_t errors;
} verifier;

/* Counts errors even when nobody listens: they decide whether the load
 * stands. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void flag(verifier *v, fs_severity severity, const fs_pos *pos,
		 const char *fmt, ...)
{
	fs_buf message = { 0 };
	va_list ap;

	if (severity == FS_ERROR)
		v->errors++;
	if (!v->report)
		return;
	va_start(ap, fmt);
	fs_buf_vprintf(&message, fmt, ap);
	va_end(ap);
	fs_report_at(v->report, v->ctx, severity, pos, "%s",
		     message.failed ? "out of memory" : fs_buf_str(&message));
	fs_buf_free(&message);
}

static int is_member(const fs_rules *rules, const char *name)
{
	return fs_model_member(rules, name) != FS_NONE;
}

static void want_member(verifier *v, const fs_word *w, const char *what)
{
	if (!is_member(v->rules, w->text))
		flag(v, FS_WARNING, &w->pos,
		     "%s'%s' is not a member of any namespace", what, w->text);
}

static void want_members(verifier *v, const fs_words *words)
{
	for (size_t i = 0; i < words->count; i++)
		want_member(v, &words->items[i], "");
}

/* A subset word names prefix + word, which must be in that namespace: an
 * unknown one would be accepted and named in messages. */
static void check_subset_word(verifier *v, size_t ns,
			      const fs_word *w)
{
	const fs_namespace *space = &v->rules->namespaces.items[ns];
	fs_buf name = { 0 };
	size_t id;

	fs_buf_printf(&name, "%s%s", space->prefix, w->text);
	id = fs_model_member(v->rules, fs_buf_str(&name));
	if (!name.failed && (id == FS_NONE ||
			     v->rules->members.items[id].ns != ns))
		flag(v, FS_ERROR, &w->pos,
		     "'%s' is not a member of namespace '%s'",
		     fs_buf_str(&name), space->name);
	fs_buf_free(&name);
}

/* A rule whose namespace is unknown would check nothing. */
static void check_accept(verifier *v, const fs_accept *accept)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		const fs_accept_part *part = &accept->parts[i];
		size_t ns = fs_model_namespace(v->rules, part->ns.text);

		if (ns == FS_NONE) {
			flag(v, FS_ERROR, &part->ns.pos,
			     "unknown namespace '%s'", part->ns.text);
			continue;
		}
		for (size_t k = 0; k < part->subset.count; k++)
			check_subset_word(v, ns, &part->subset.items[k]);
	}
}

/* NEW of deprecated: `-` or names joined by '|'. */
static void check_replacement(verifier *v, const fs_word *w)
{
	const char *s = w->text;
	fs_buf name = { 0 };

	if (!strcmp(s, "-"))
		return;
	while (*s) {
		size_t n = strcspn(s, "|");
		fs_word part = { NULL, w->pos };

		fs_buf_putn(&name, s, n);
		part.text = fs_buf_str(&name);
		part.pos.col = w->pos.col + (size_t)(s - w->text);
		if (!name.failed)
			want_member(v, &part, "");
		name.len = 0;
		s += n + (s[n] == '|');
	}
	fs_buf_free(&name);
}

/* mask=FIELD names a value=field member of the member's own namespace:
 * any other would suggest a test that means nothing. */
static void check_mask(verifier *v, const fs_member *m)
{
	size_t id = fs_model_member(v->rules, m->mask.text);
	const fs_member *k = id == FS_NONE ? NULL : &v->rules->members.items[id];

	if (!k || k->ns != m->ns || !k->is_field)
		flag(v, FS_ERROR, &m->mask.pos,
		     "mask '%s' of '%s' is not a value=field member of its "
		     "namespace", m->mask.text, m->name);
}

/* covers= goes with mask= and names other values of the same field. */
static void check_covers(verifier *v, const fs_member *m)
{
	for (size_t i = 0; i < m->covers.count; i++) {
		const fs_word *w = &m->covers.items[i];
		size_t id = fs_model_member(v->rules, w->text);
		const fs_member *k = id == FS_NONE ? NULL
						   : &v->rules->members.items[id];

		if (!m->mask.text || !k || k == m || !k->mask.text ||
		    strcmp(k->mask.text, m->mask.text))
			flag(v, FS_ERROR, &w->pos, "'%s' covers '%s', which is "
			     "not another value of its mask= field", m->name,
			     w->text);
	}
}

static void check_members(verifier *v, size_t from)
{
	for (size_t i = from; i < v->rules->members.count; i++) {
		const fs_member *m = &v->rules->members.items[i];

		if (m->same.text)
			want_member(v, &m->same, "");
		if (m->mask.text)
			check_mask(v, m);
		check_covers(v, m);
	}
}

static void check_sites(verifier *v, const fs_checkpoint *cp)
{
	const fs_rules *r = v->rules;

	for (size_t i = cp->calls; i < r->calls.count; i++)
		check_accept(v, &r->calls.items[i].accept);
	for (size_t i = cp->fields; i < r->fields.count; i++)
		check_accept(v, &r->fields.items[i].accept);
	for (size_t i = cp->modes; i < r->modes.count; i++) {
		want_members(v, &r->modes.items[i].flag_names);
		want_members(v, &r->modes.items[i].zero_unless);
	}
}

static void check_names(verifier *v, const fs_checkpoint *cp)
{
	const fs_rules *r = v->rules;

	for (size_t i = cp->deprecations; i < r->deprecations.count; i++) {
		want_member(v, &r->deprecations.items[i].old, "deprecated ");
		check_replacement(v, &r->deprecations.items[i].replacement);
	}
	for (size_t i = cp->equivalents; i < r->equivalents.count; i++) {
		const fs_equivalent *e = &r->equivalents.items[i];

		want_member(v, &e->from, "");
		/* A never-merged TO is undefined by nature. */
		if (!e->never_merged)
			want_member(v, &e->to, "");
	}
	for (size_t i = cp->arch_values; i < r->arch_values.count; i++)
		want_member(v, &r->arch_values.items[i].name,
			    "architecture value ");
}

/* Whether `func` has a call rule for argument `pos`, or for any argument
 * when pos is FS_NONE. */
static int has_call_rule(const fs_rules *rules, const char *func, size_t pos)
{
	const fs_group *g = fs_model_function(rules, func);

	for (size_t i = 0; g && i < g->rules.count; i++) {
		const fs_call_rule *r = &rules->calls.items[g->rules.items[i]];

		if (!r->is_result && (pos == FS_NONE || r->param.pos == pos))
			return 1;
	}
	return 0;
}

/* A call rule for the argument `param` names (PARAM(*) in a
 * combination). */
static int has_named_rule(const fs_rules *rules, const char *func,
			  const char *param)
{
	const fs_group *g = fs_model_function(rules, func);

	for (size_t i = 0; g && i < g->rules.count; i++) {
		const fs_call_rule *r = &rules->calls.items[g->rules.items[i]];

		if (!r->is_result && !strcmp(r->param.name, param))
			return 1;
	}
	return 0;
}

/* A swapped pair is judged by what each argument's rule accepts. */
static void check_swap(verifier *v, const fs_swap_rule *r)
{
	const fs_param *params[2] = { &r->a, &r->b };

	for (size_t i = 0; i < r->funcs.count; i++)
		for (size_t k = 0; k < 2; k++)
			if (!has_call_rule(v->rules, r->funcs.items[i].text,
					   params[k]->pos))
				flag(v, FS_ERROR, &r->funcs.items[i].pos,
				     "'swappable' needs a call rule for "
				     "argument %zu of '%s'", params[k]->pos,
				     r->funcs.items[i].text);
}

/* A result is only looked at in calls the rules describe. */
static void check_result(verifier *v, const fs_call_rule *r)
{
	for (size_t i = 0; i < r->funcs.count; i++)
		if (!has_call_rule(v->rules, r->funcs.items[i].text, FS_NONE))
			flag(v, FS_ERROR, &r->funcs.items[i].pos,
			     "'result' needs a call rule for '%s'",
			     r->funcs.items[i].text);
}

/* A combination rule names existing members: an unknown one would never
 * match, and the rule would check nothing (or less than it says). */
static void want_known(verifier *v, const fs_words *words)
{
	for (size_t i = 0; i < words->count; i++)
		if (!is_member(v->rules, words->items[i].text))
			flag(v, FS_ERROR, &words->items[i].pos,
			     "'%s' is not a member of any namespace",
			     words->items[i].text);
}

/* Whether `record` has a field rule for `field`: the front ends describe
 * the fields of such records only. */
static int has_field_rule(const fs_rules *rules, const char *record,
			  const char *field)
{
	const fs_group *g = fs_model_record(rules, record);

	for (size_t i = 0; g && i < g->rules.count; i++)
		if (!strcmp(rules->fields.items[g->rules.items[i]].field,
			    field))
			return 1;
	return 0;
}

/* The places a combination reads need a call or field rule: the front
 * ends pass only the arguments and fields the rules describe. */
static void check_combo_place(verifier *v, const fs_combo_rule *r,
			      const fs_param *p)
{
	for (size_t i = 0; i < r->sites.count; i++) {
		const fs_word *site = &r->sites.items[i];

		if (r->is_record ? has_field_rule(v->rules, site->text,
						  p->name)
			: p->pos == FS_ANY_POS
			? has_named_rule(v->rules, site->text, p->name)
			: has_call_rule(v->rules, site->text, p->pos))
			continue;
		if (r->is_record)
			flag(v, FS_ERROR, &site->pos, "the rule needs a field "
			     "rule for '%s.%s'", site->text, p->name);
		else if (p->pos == FS_ANY_POS)
			flag(v, FS_ERROR, &site->pos, "the rule needs a call "
			     "rule for an argument '%s' of '%s'", p->name,
			     site->text);
		else
			flag(v, FS_ERROR, &site->pos, "the rule needs a call "
			     "rule for argument %zu of '%s'", p->pos,
			     site->text);
	}
}

static void check_combo(verifier *v, const fs_combo_rule *r)
{
	want_known(v, &r->firsts);
	want_known(v, &r->others);
	want_known(v, &r->except);
	want_known(v, &r->unless);
	want_known(v, &r->with);
	if (r->means.text) {
		fs_word means = r->means;
		fs_words one = { &means, 1 };

		want_known(v, &one);
	}
	check_combo_place(v, r, &r->param);
	if (r->other_param.pos != r->param.pos ||
	    strcmp(r->other_param.name, r->param.name))
		check_combo_place(v, r, &r->other_param);
}

/* A since rule is checked where the front ends describe the call: the
 * functions need a call rule, for its argument when it names one. */
static void check_since(verifier *v, const fs_since_rule *r)
{
	want_known(v, &r->flags);
	want_known(v, &r->when);
	for (size_t i = 0; i < r->funcs.count; i++)
		if (!has_call_rule(v->rules, r->funcs.items[i].text,
				   r->param.pos))
			flag(v, FS_ERROR, &r->funcs.items[i].pos,
			     "'since' needs a call rule for %s of '%s'",
			     r->param.pos == FS_NONE ? "an argument"
						     : r->param.name,
			     r->funcs.items[i].text);
}

static void check_functions(verifier *v, const fs_checkpoint *cp)
{
	const fs_rules *r = v->rules;

	for (size_t i = cp->calls; i < r->calls.count; i++) {
		/* an unknown when= name: the rule would never apply */
		want_known(v, &r->calls.items[i].when);
		want_known(v, &r->calls.items[i].never);
		if (r->calls.items[i].is_result)
			check_result(v, &r->calls.items[i]);
	}
	for (size_t i = cp->swaps; i < r->swaps.count; i++)
		check_swap(v, &r->swaps.items[i]);
	for (size_t i = cp->combos; i < r->combos.count; i++)
		check_combo(v, &r->combos.items[i]);
	for (size_t i = cp->sinces; i < r->sinces.count; i++)
		check_since(v, &r->sinces.items[i]);
}

int fs_verify_since(const fs_rules *rules, const fs_checkpoint *cp,
		    fs_report_fn report, void *ctx)
{
	verifier v = { rules, report, ctx, 0 };

	check_members(&v, cp->members);
	check_sites(&v, cp);
	check_functions(&v, cp);
	check_names(&v, cp);
	return v.errors ? -1 : 0;
}
