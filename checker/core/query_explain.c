/* query_explain.c: everything the rules say about one flag macro
 * (flagspace explain), as lines of text for people. */
#include <string.h>

#include "accept.h"
#include "arch.h"
#include "decode.h"
#include "message.h"
#include "platform.h"
#include "query_combo.h"
#include "rules_model.h"
#include "strbuf.h"

/* Whether entry `id` is the current rule under `name` (a later load may
 * have replaced it; the tables keep replaced entries). */
static int is_current(const fs_group *g, size_t id)
{
	for (size_t k = 0; g && k < g->rules.count; k++)
		if (g->rules.items[k] == id)
			return 1;
	return 0;
}

/* Whether m exists on arch a with the value v. */
static int has_value_on(const fs_rules *rules, size_t m, size_t a, int64_t v)
{
	return fs_member_is_on(rules, m, a) && fs_member_value(rules, m, a) == v;
}

/* Whether an architecture before `a` gives m the value v. */
static int seen_before(const fs_rules *rules, size_t m, size_t a, int64_t v)
{
	for (size_t k = 0; k < a; k++)
		if (has_value_on(rules, m, k, v))
			return 1;
	return 0;
}

/* "; not on aarch64, arm": the architectures without m. */
static size_t put_absent(fs_buf *b, const fs_rules *rules, size_t m,
			 size_t parts)
{
	size_t n = 0;

	for (size_t a = 0; a < rules->arches.count; a++)
		if (!fs_member_is_on(rules, m, a))
			fs_buf_printf(b, "%s%s", n++ ? ", " :
				      parts ? "; not on " : "elsewhere: not on ",
				      rules->arches.items[a].name);
	return parts + (n > 0);
}

/* "elsewhere: 0x4000 on aarch64, arm; 0x8000 on mips64; not on s390x":
 * the values the arch sections give m, each with the architectures that
 * share it, and those that have no such name. */
static void put_arch_values(fs_buf *b, const fs_rules *rules, size_t m)
{
	int64_t own = rules->members.items[m].value;
	size_t parts = 0;

	for (size_t a = 0; a < rules->arches.count; a++) {
		int64_t v = fs_member_value(rules, m, a);
		size_t n = 0;

		if (v == own || !fs_member_is_on(rules, m, a) ||
		    seen_before(rules, m, a, v))
			continue;
		fs_buf_puts(b, parts++ ? "; " : "elsewhere: ");
		fs_put_value(b, v);
		for (size_t k = a; k < rules->arches.count; k++)
			if (has_value_on(rules, m, k, v))
				fs_buf_printf(b, "%s%s", n++ ? ", " : " on ",
					      rules->arches.items[k].name);
	}
	if (put_absent(b, rules, m, parts))
		fs_buf_putn(b, "\n", 1);
}

static void put_header(fs_buf *b, const fs_rules *rules, size_t m)
{
	const fs_member *member = &rules->members.items[m];
	const fs_namespace *ns = &rules->namespaces.items[member->ns];

	fs_buf_printf(b, "%s: namespace %s (", member->name, ns->name);
	fs_put_prefix(b, rules, member->ns);
	fs_buf_printf(b, "%s%s)\n", ns->desc ? ", " : "",
		      ns->desc ? ns->desc : "");
	fs_buf_puts(b, "value: ");
	fs_put_value(b, member->value);
	fs_buf_printf(b, " (x86-64)%s\n",
		      member->is_field ? ", a multi-bit field or value" : "");
	put_arch_values(b, rules, m);
	if (member->same.text)
		fs_buf_printf(b, "same as: %s on every architecture\n",
			      member->same.text);
	fs_buf_printf(b, "defined in rules: %s:%zu\n", member->origin.pos.file,
		      member->origin.pos.line);
}

static void put_call_when(fs_buf *b, const fs_call_rule *r)
{
	if (!r->when.count)
		return;
	fs_buf_printf(b, " when %s is ", r->when_param.name);
	for (size_t i = 0; i < r->when.count; i++)
		fs_buf_printf(b, "%s%s", i ? "," : "", r->when.items[i].text);
}

/* The call rules whose accepted set holds member m, after `head`: the
 * arguments ("flags(1)"), or the results (rules kept at FS_RESULT_POS,
 * which name no argument). */
static void put_call_sites(fs_buf *b, const fs_rules *rules, size_t m,
			   size_t *n, int results, const char *head)
{
	for (size_t id = 0; id < rules->calls.count; id++) {
		const fs_call_rule *r = &rules->calls.items[id];

		if (r->is_result != results ||
		    !is_current(fs_model_function(rules, r->funcs.items[0].text),
				id) ||
		    fs_accept_fit(rules, &r->accept, m) != FS_FIT_OK)
			continue;
		fs_buf_puts(b, (*n)++ ? ", " : head);
		for (size_t i = 0; i < r->funcs.count; i++)
			fs_buf_printf(b, "%s%s()", i ? "/" : "",
				      r->funcs.items[i].text);
		if (!results)
			fs_buf_printf(b, " %s(%zu)", r->param.name,
				      r->param.pos);
		put_call_when(b, r);
	}
}

static void put_field_sites(fs_buf *b, const fs_rules *rules, size_t m,
			    size_t *n)
{
	for (size_t id = 0; id < rules->fields.count; id++) {
		const fs_field_rule *r = &rules->fields.items[id];

		if (!is_current(fs_model_record(rules, r->record), id) ||
		    fs_accept_fit(rules, &r->accept, m) != FS_FIT_OK)
			continue;
		fs_buf_puts(b, (*n)++ ? ", " : "accepted by: ");
		fs_buf_printf(b, "struct %s.%s", r->record, r->field);
	}
}

static void put_sites(fs_buf *b, const fs_rules *rules, size_t m)
{
	size_t n = 0;

	put_call_sites(b, rules, m, &n, 0, "accepted by: ");
	put_field_sites(b, rules, m, &n);
	fs_buf_puts(b, n ? "\n" : "accepted by: no call or field in the rules\n");
	n = 0;
	put_call_sites(b, rules, m, &n, 1, "returned by: ");
	if (n)
		fs_buf_puts(b, "\n");
}

/* Whether the namespace holds flag bits rather than enumerated values: no
 * two members share some bits without one containing the other (F_GETLK 5
 * and F_SETLK 6 do). */
static int is_flag_namespace(const fs_rules *rules, size_t ns)
{
	const fs_ids *ids = &rules->namespaces.items[ns].members;

	for (size_t i = 0; i < ids->count; i++)
		for (size_t k = i + 1; k < ids->count; k++) {
			int64_t x = rules->members.items[ids->items[i]].value;
			int64_t y = rules->members.items[ids->items[k]].value;

			if (x > 0 && y > 0 && (x & y) && (x & y) != x &&
			    (x & y) != y)
				return 0;
		}
	return 1;
}

/* Whether namespace `ns` is one `m` is commonly confused with: defined in
 * the same rules file (O_, AT_, RESOLVE_ ... share fcntl.rules), or the
 * namespace of one of m's `equivalent` replacements. */
static int is_confusable(const fs_rules *rules, size_t m, size_t ns)
{
	const fs_member *member = &rules->members.items[m];
	const fs_group *eq = fs_model_equivalents(rules, member->name);

	if (ns == member->ns || !is_flag_namespace(rules, ns))
		return 0;
	if (!strcmp(rules->namespaces.items[ns].pos.file,
		    rules->namespaces.items[member->ns].pos.file))
		return 1;
	for (size_t k = 0; eq && k < eq->rules.count; k++) {
		const char *to = rules->equivalents.items[eq->rules.items[k]].to.text;
		size_t t = fs_model_member(rules, to);

		if (t != FS_NONE && rules->members.items[t].ns == ns)
			return 1;
	}
	return 0;
}

/* "in O_* flags it means O_TRUNC" for each confusable namespace whose
 * members name every one of the bits. */
static void put_meanings(fs_buf *b, const fs_rules *rules, size_t m)
{
	int64_t value = rules->members.items[m].value;

	if (value <= 0 || rules->members.items[m].is_field)
		return;
	for (size_t ns = 0; ns < rules->namespaces.count; ns++) {
		fs_accept_part part = { { rules->namespaces.items[ns].name,
					  { NULL, 0, 0 } }, { NULL, 0 } };
		fs_accept accept = { &part, 1, 0, 0 };
		fs_buf names = { 0 };
		uint64_t rest;
		int rejected;

		if (!is_confusable(rules, m, ns))
			continue;
		if (fs_decode_names(&names, rules, &accept, value, 0, &rest,
				    &rejected) && !rest) {
			fs_buf_puts(b, "misplaced in ");
			fs_put_prefix(b, rules, ns);
			fs_buf_printf(b, " %s it means: %s\n",
				      rules->namespaces.items[ns].is_enum ?
				      "values" : "flags", fs_buf_str(&names));
		}
		b->failed |= names.failed;
		fs_buf_free(&names);
	}
}

static void put_deprecation(fs_buf *b, const fs_rules *rules,
			    const char *name)
{
	const fs_deprecation *d = fs_model_deprecation(rules, name);

	if (!d)
		return;
	if (!strcmp(d->replacement.text, "-"))
		fs_buf_puts(b, "deprecated: remove it");
	else
		fs_buf_printf(b, "deprecated: write %s instead",
			      d->replacement.text);
	fs_buf_printf(b, "%s%s%s\n", d->reason ? " (" : "",
		      d->reason ? d->reason : "", d->reason ? ")" : "");
}

/* Legacy spellings whose preferred form is `name`. */
static void put_old_spellings(fs_buf *b, const fs_rules *rules,
			      const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < rules->deprecations.count; i++) {
		const fs_deprecation *d = &rules->deprecations.items[i];

		if (strcmp(d->replacement.text, name) ||
		    fs_model_deprecation(rules, d->old.text) != d)
			continue;
		fs_buf_printf(b, "%s%s", n++ ? ", " : "legacy spellings: ",
			      d->old.text);
	}
	if (n)
		fs_buf_puts(b, "\n");
}

static void put_equivalents(fs_buf *b, const fs_rules *rules,
			    const char *name)
{
	const fs_group *g = fs_model_equivalents(rules, name);

	for (size_t k = 0; g && k < g->rules.count; k++) {
		const fs_equivalent *e = &rules->equivalents.items[g->rules.items[k]];
		size_t t = fs_model_member(rules, e->to.text);

		fs_buf_printf(b, "equivalent: %s", e->to.text);
		if (t != FS_NONE) {
			fs_buf_puts(b, " where ");
			fs_put_prefix(b, rules, rules->members.items[t].ns);
			fs_buf_puts(b, " is expected");
		}
		if (e->never_merged)
			fs_buf_puts(b, " (proposed, never merged: no kernel has it)");
		else if (e->certain)
			fs_buf_puts(b, " (certain: offered as a fix)");
		if (e->scope)
			fs_buf_printf(b, " (covers %s)", e->scope);
		fs_buf_puts(b, "\n");
	}
}

/* ", when R_OK,W_OK,X_OK may be in mode(2)", and the line's end. */
static void put_since_when(fs_buf *b, const fs_since_rule *r)
{
	for (size_t i = 0; i < r->when.count; i++)
		fs_buf_printf(b, "%s%s", i ? "," : ", when ",
			      r->when.items[i].text);
	if (r->when.count)
		fs_buf_printf(b, " may be in %s(%zu)", r->when_param.name,
			      r->when_param.pos);
	fs_buf_puts(b, "\n");
}

/* "needs: glibc 2.39 and Linux 6.6 in fchmodat() flags(3), emulated
 * before": the since rules about the flag. */
static void put_since(fs_buf *b, const fs_rules *rules, const char *name)
{
	for (size_t k = 0; k < rules->sinces.count; k++) {
		const fs_since_rule *r = &rules->sinces.items[k];

		if (!fs_words_has(&r->flags, name))
			continue;
		fs_buf_puts(b, "needs: ");
		if (r->glibc) {
			fs_buf_puts(b, "glibc ");
			fs_put_version(b, r->glibc);
		}
		if (r->kernel) {
			fs_buf_puts(b, r->glibc ? " and Linux " : "Linux ");
			fs_put_version(b, r->kernel);
		}
		fs_buf_puts(b, " in ");
		for (size_t i = 0; i < r->funcs.count; i++)
			fs_buf_printf(b, "%s%s()", i ? "/" : "",
				      r->funcs.items[i].text);
		fs_buf_printf(b, " %s(%zu)%s%s", r->param.name, r->param.pos,
			      r->via == FS_VIA_LIBC ? " (the C library's)"
			      : r->via == FS_VIA_SYSCALL ? " (raw syscall())"
							 : "",
			      r->emulated ? ", emulated before" : "");
		put_since_when(b, r);
	}
}

fs_query_status fs_query_explain(const fs_rules *rules, const char *name,
				 char **text)
{
	size_t m = fs_model_member(rules, name);
	fs_buf b = { 0 };

	*text = NULL;
	if (m == FS_NONE)
		return FS_QUERY_UNKNOWN_NAME;
	put_header(&b, rules, m);
	put_sites(&b, rules, m);
	put_meanings(&b, rules, m);
	put_deprecation(&b, rules, name);
	put_old_spellings(&b, rules, name);
	put_equivalents(&b, rules, name);
	fs_put_combos(&b, rules, name);
	put_since(&b, rules, name);
	*text = fs_buf_take(&b);
	return *text ? FS_QUERY_OK : FS_QUERY_NOMEM;
}
