/* rules_verify.c: warns about unknown names once a unit of rules is merged. */
#include <string.h>

#include "rules_reader.h"
#include "rules_verify.h"
#include "strbuf.h"

typedef struct verifier {
	const fs_rules *rules;
	fs_report_fn report;
	void *ctx;
} verifier;

static int is_member(const fs_rules *rules, const char *name)
{
	return fs_model_member(rules, name) != FS_NONE;
}

static void want_member(const verifier *v, const fs_word *w,
			const char *what)
{
	if (!is_member(v->rules, w->text))
		fs_report_at(v->report, v->ctx, FS_WARNING, &w->pos,
			     "%s'%s' is not a member of any namespace", what,
			     w->text);
}

static void want_members(const verifier *v, const fs_words *words)
{
	for (size_t i = 0; i < words->count; i++)
		want_member(v, &words->items[i], "");
}

/* A subset word names prefix + word, which must be in that namespace. */
static void check_subset_word(const verifier *v, size_t ns,
			      const fs_word *w)
{
	const fs_namespace *space = &v->rules->namespaces.items[ns];
	fs_buf name = { 0 };
	size_t id;

	fs_buf_printf(&name, "%s%s", space->prefix, w->text);
	id = fs_model_member(v->rules, fs_buf_str(&name));
	if (!name.failed && (id == FS_NONE ||
			     v->rules->members.items[id].ns != ns))
		fs_report_at(v->report, v->ctx, FS_WARNING, &w->pos,
			     "'%s' is not a member of namespace '%s'",
			     fs_buf_str(&name), space->name);
	fs_buf_free(&name);
}

static void check_accept(const verifier *v, const fs_accept *accept)
{
	for (size_t i = 0; i < accept->nparts; i++) {
		const fs_accept_part *part = &accept->parts[i];
		size_t ns = fs_model_namespace(v->rules, part->ns.text);

		if (ns == FS_NONE) {
			fs_report_at(v->report, v->ctx, FS_WARNING,
				     &part->ns.pos, "unknown namespace '%s'",
				     part->ns.text);
			continue;
		}
		for (size_t k = 0; k < part->subset.count; k++)
			check_subset_word(v, ns, &part->subset.items[k]);
	}
}

/* NEW of deprecated: `-` or names joined by '|'. */
static void check_replacement(const verifier *v, const fs_word *w)
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

static void check_members(const verifier *v, size_t from)
{
	for (size_t i = from; i < v->rules->members.count; i++) {
		const fs_member *m = &v->rules->members.items[i];

		if (m->same.text)
			want_member(v, &m->same, "");
	}
}

static void check_sites(const verifier *v, const fs_checkpoint *cp)
{
	const fs_rules *r = v->rules;

	for (size_t i = cp->calls; i < r->calls.count; i++)
		check_accept(v, &r->calls.items[i].accept);
	for (size_t i = cp->fields; i < r->fields.count; i++)
		check_accept(v, &r->fields.items[i].accept);
	for (size_t i = cp->modes; i < r->modes.count; i++)
		want_members(v, &r->modes.items[i].flag_names);
}

static void check_names(const verifier *v, const fs_checkpoint *cp)
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

void fs_verify_since(const fs_rules *rules, const fs_checkpoint *cp,
		     fs_report_fn report, void *ctx)
{
	verifier v = { rules, report, ctx };

	if (!report)
		return;
	check_members(&v, cp->members);
	check_sites(&v, cp);
	check_names(&v, cp);
}
