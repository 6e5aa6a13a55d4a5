/* query_combo.c: the combinations a flag takes part in (excludes, requires,
 * ignored-unless), as lines of flagspace explain. */
#include <string.h>

#include "message.h"
#include "query_combo.h"

static int is_listed(const fs_words *words, const char *name)
{
	for (size_t i = 0; i < words->count; i++)
		if (!strcmp(words->items[i].text, name))
			return 1;
	return 0;
}

/* Whether entry `id` is the current combination of its first site (a
 * later load may have replaced it). */
static int is_current(const fs_rules *rules, const fs_combo_rule *r,
		      size_t id)
{
	const char *site = r->sites.items[0].text;
	const fs_group *g = r->is_record ? fs_model_record(rules, site)
					 : fs_model_function(rules, site);

	for (size_t k = 0; g && k < g->combos.count; k++)
		if (g->combos.items[k] == id)
			return 1;
	return 0;
}

/* "renameat2() flags(4)", "open_how.flags" */
static void put_place(fs_buf *b, const fs_combo_rule *r, const fs_param *p)
{
	for (size_t i = 0; i < r->sites.count; i++)
		fs_buf_printf(b, "%s%s%s", i ? "/" : "", r->sites.items[i].text,
			      r->is_record ? "" : "()");
	if (r->is_record)
		fs_buf_printf(b, ".%s", p->name);
	else if (p->pos == FS_ANY_POS)
		fs_buf_printf(b, " %s", p->name);
	else
		fs_buf_printf(b, " %s(%zu)", p->name, p->pos);
}

/* "RENAME_NOREPLACE or RENAME_WHITEOUT", "any other flag but O_DIRECTORY
 * or O_NOFOLLOW" */
static void put_others(fs_buf *b, const fs_combo_rule *r)
{
	if (!r->any_other) {
		fs_put_or_list(b, &r->others);
	} else {
		fs_buf_puts(b, "any other flag");
		if (r->except.count) {
			fs_buf_puts(b, " but ");
			fs_put_or_list(b, &r->except);
		}
	}
	if (r->other_param.pos != r->param.pos ||
	    strcmp(r->other_param.name, r->param.name)) {
		fs_buf_puts(b, " in ");
		put_place(b, r, &r->other_param);
	}
}

/* ": the call fails with EINVAL", ": the other flag is ignored",
 * ": together they are MAP_SHARED_VALIDATE", or what the note of a rule
 * whose call misbehaves says */
static void put_outcome(fs_buf *b, const fs_combo_rule *r)
{
	fs_buf_puts(b, ": ");
	if (r->bits == FS_BITS_MISBEHAVES && r->note)
		fs_buf_puts(b, r->note);
	else if (r->means.text)
		fs_buf_printf(b, "together they are %s", r->means.text);
	else if (r->kind == FS_COMBO_IGNORED_UNLESS)
		fs_buf_puts(b, "it is ignored");
	else if (r->bits == FS_BITS_IGNORED)
		fs_buf_puts(b, "the other flag is ignored");
	else
		fs_put_effect(b, r->bits);
}

static void put_combo(fs_buf *b, const fs_combo_rule *r)
{
	fs_buf_puts(b, "combination: ");
	put_place(b, r, &r->param);
	fs_buf_puts(b, ": ");
	fs_put_or_list(b, &r->firsts);
	if (!r->alone) {
		fs_buf_puts(b, r->kind == FS_COMBO_EXCLUDES ? " with "
							    : " without ");
		put_others(b, r);
	}
	if (r->with.count) {
		fs_buf_puts(b, ", with ");
		for (size_t i = 0; i < r->with.count; i++)
			fs_buf_printf(b, "%s%s", i ? "|" : "",
				      r->with.items[i].text);
	}
	if (r->unless.count) {
		fs_buf_puts(b, ", unless with ");
		fs_put_or_list(b, &r->unless);
	}
	put_outcome(b, r);
	fs_buf_puts(b, "\n");
}

void fs_put_combos(fs_buf *b, const fs_rules *rules, const char *name)
{
	for (size_t id = 0; id < rules->combos.count; id++) {
		const fs_combo_rule *r = &rules->combos.items[id];

		if ((is_listed(&r->firsts, name) ||
		     is_listed(&r->others, name)) && is_current(rules, r, id))
			put_combo(b, r);
	}
}
