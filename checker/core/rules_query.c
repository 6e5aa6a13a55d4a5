/* rules_query.c: what the rules know by name, for front ends and checks. */
#include <string.h>

#include "rules_query.h"
#include "strbuf.h"

static const char *const syscall_prefixes[] = { "SYS_", "__NR_" };

const char *fs_syscall_function(const char *number)
{
	for (size_t i = 0; i < 2; i++) {
		size_t n = strlen(syscall_prefixes[i]);

		if (!strncmp(number, syscall_prefixes[i], n) && number[n])
			return number + n;
	}
	return NULL;
}

const char *fs_syscall_rules_name(const fs_rules *rules, const char *number,
				  fs_buf *raw)
{
	const char *func = fs_syscall_function(number);

	if (!func)
		return NULL;
	fs_buf_printf(raw, "SYS_%s", func);
	if (!raw->failed && fs_model_function(rules, fs_buf_str(raw)))
		return fs_buf_str(raw);
	return func;
}

const fs_group *fs_rules_syscall_group(const fs_rules *rules,
				       const char *number)
{
	fs_buf raw = { 0 };
	const char *name = fs_syscall_rules_name(rules, number, &raw);
	const fs_group *group = name ? fs_model_function(rules, name) : NULL;

	fs_buf_free(&raw);
	return group;
}

int fs_layout_names_function(const fs_rules *rules, const char *name)
{
	for (size_t i = 0; rules && name && i < rules->layouts.count; i++)
		if (!strcmp(rules->layouts.items[i].passed.name, name))
			return 1;
	return 0;
}

int fs_rules_knows_macro(const fs_rules *rules, const char *name)
{
	if (!rules || !name)
		return 0;
	/* Names used in when= are not flags, but the front end must pass
	 * them by name for the condition to be seen. */
	return fs_model_member(rules, name) != FS_NONE ||
	       fs_model_deprecation(rules, name) != NULL ||
	       fs_model_is_when_name(rules, name) ||
	       fs_rules_syscall_group(rules, name) != NULL ||
	       fs_layout_names_function(rules, fs_syscall_function(name));
}

int fs_rules_knows_function(const fs_rules *rules, const char *name)
{
	if (!rules || !name)
		return 0;
	return !strcmp(name, "syscall") || fs_model_function(rules, name);
}

int fs_swap_names_function(const fs_swap_rule *r, const char *name)
{
	for (size_t i = 0; i < r->funcs.count; i++)
		if (!strcmp(r->funcs.items[i].text, name))
			return 1;
	return 0;
}

/* Whether a swappable rule of `name` names argument `pos` (shifted). */
static int swap_reads(const fs_rules *rules, const char *name, size_t pos,
		      size_t shift)
{
	for (size_t i = 0; i < rules->swaps.count; i++) {
		const fs_swap_rule *r = &rules->swaps.items[i];

		if (fs_swap_names_function(r, name) &&
		    (r->a.pos + shift == pos || r->b.pos + shift == pos))
			return 1;
	}
	return 0;
}

static int group_reads(const fs_rules *rules, const fs_group *g, size_t pos,
		       size_t shift)
{
	for (size_t i = 0; i < g->rules.count; i++) {
		const fs_call_rule *r = &rules->calls.items[g->rules.items[i]];

		if (r->param.pos + shift == pos ||
		    (r->when.count && r->when_param.pos + shift == pos))
			return 1;
	}
	for (size_t i = 0; i < g->modes.count; i++) {
		const fs_mode_rule *m = &rules->modes.items[g->modes.items[i]];

		if (m->flags.pos + shift == pos ||
		    (m->mode.name && m->mode.pos + shift == pos))
			return 1;
	}
	for (size_t i = 0; i < g->combos.count; i++) {
		const fs_combo_rule *c =
			&rules->combos.items[g->combos.items[i]];

		if (c->param.pos + shift == pos ||
		    c->other_param.pos + shift == pos)
			return 1;
	}
	/* A mode string: its literal is read, and a string a wrapper's
	 * caller gives is followed there. */
	for (size_t i = 0; i < g->modestrs.count; i++)
		if (rules->modestrs.items[g->modestrs.items[i]].param.pos +
		    shift == pos)
			return 1;
	return 0;
}

int fs_rules_reads_argument(const fs_rules *rules, const char *function,
			    const char *number, size_t pos)
{
	const fs_group *g;
	size_t shift = 0;
	const char *name = function;
	fs_buf raw = { 0 };
	int reads;

	if (!rules || !function)
		return 0;
	if (!strcmp(function, "syscall")) {
		if (pos == 0 || !number)
			return 1;
		name = fs_syscall_rules_name(rules, number, &raw);
		g = name ? fs_model_function(rules, name) : NULL;
		shift = 1;
	} else {
		g = fs_model_function(rules, function);
	}
	reads = raw.failed || (g && group_reads(rules, g, pos, shift)) ||
		(name && swap_reads(rules, name, pos, shift));
	fs_buf_free(&raw);
	return reads;
}

int fs_rules_reads_result(const fs_rules *rules, const char *function)
{
	const fs_group *g;

	if (!rules || !function)
		return 0;
	/* The number, hence the rules, is known only with the arguments. */
	if (!strcmp(function, "syscall"))
		return 1;
	if (!(g = fs_model_function(rules, function)))
		return 0;
	for (size_t i = 0; i < g->rules.count; i++)
		if (rules->calls.items[g->rules.items[i]].param.pos >=
		    FS_RESULT_POS)
			return 1;
	return 0;
}

int fs_rules_is_covered(const fs_rules *rules, const char *name)
{
	size_t m = rules && name ? fs_model_member(rules, name) : FS_NONE;
	const fs_ids *ids;

	if (m == FS_NONE)
		return 0;
	ids = &rules->namespaces.items[rules->members.items[m].ns].members;
	for (size_t i = 0; i < ids->count; i++) {
		const fs_words *c = &rules->members.items[ids->items[i]].covers;

		for (size_t k = 0; k < c->count; k++)
			if (!strcmp(c->items[k].text, name))
				return 1;
	}
	return 0;
}

int fs_rules_knows_record(const fs_rules *rules, const char *record)
{
	if (!rules || !record)
		return 0;
	return fs_model_record(rules, record) != NULL;
}
