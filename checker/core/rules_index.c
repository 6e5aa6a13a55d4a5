/* rules_index.c: files each new rule entry under its names, replacing an
 * earlier unit's entry with the same key and refusing one of the same unit;
 * after a rollback, files every entry left again. */
#include <string.h>

#include "check_unnamed_number.h"
#include "rules_model.h"
#include "base/count_of.h"

/* How list_replace sees one table: do entries a and b have the same key,
 * and where does an entry come from. */
typedef struct entry_kind {
	int (*clash)(const fs_rules *rules, size_t a, size_t b);
	const fs_origin *(*origin)(const fs_rules *rules, size_t id);
} entry_kind;

/* table_origin(rules, id): where entry id of the table comes from. */
#define ORIGIN_OF(table) \
	static const fs_origin *table##_origin(const fs_rules *rules, \
					       size_t id) \
	{ \
		return &rules->table.items[id].origin; \
	}
ORIGIN_OF(calls)
ORIGIN_OF(fields)
ORIGIN_OF(modes)
ORIGIN_OF(combos)
ORIGIN_OF(modestrs)
ORIGIN_OF(deprecations)
ORIGIN_OF(equivalents)
ORIGIN_OF(arch_values)
#undef ORIGIN_OF

static size_t group_for(fs_rules *rules, fs_name_map *map, const char *name)
{
	size_t id = fs_map_get(map, name);

	if (id != FS_NONE)
		return id;
	id = FS_NEW_ENTRY(rules, groups);
	if (id == FS_NONE)
		return FS_NONE;
	rules->groups.items[id].name = name;
	if (fs_map_put(map, name, id)) {
		rules->groups.count--;
		return FS_NONE;
	}
	return id;
}

static void remove_at(fs_ids *list, size_t k)
{
	memmove(&list->items[k], &list->items[k + 1],
		(list->count - k - 1) * sizeof(list->items[0]));
	list->count--;
}

/* Puts `id` into `list` in place of the entries it clashes with, keeping
 * the place of the first, or at the end. */
static fs_add list_replace(fs_rules *rules, fs_ids *list, size_t id,
			   const entry_kind *kind, const fs_pos **clash_pos)
{
	unsigned unit = kind->origin(rules, id)->unit;
	size_t placed = FS_NONE;

	for (size_t k = 0; k < list->count; k++) {
		const fs_origin *old = kind->origin(rules, list->items[k]);

		if (!kind->clash(rules, list->items[k], id))
			continue;
		if (old->unit == unit) {
			*clash_pos = &old->pos;
			return FS_ADD_CLASH;
		}
		if (placed == FS_NONE)
			list->items[placed = k] = id;
		else
			remove_at(list, k--);
	}
	if (placed != FS_NONE)
		return FS_ADD_OK;
	if (list->count >= FS_MAX_GROUP)
		return FS_ADD_FULL;
	return fs_ids_push(list, id) ? FS_ADD_NOMEM : FS_ADD_OK;
}

/* The lists of a group an entry can be filed under. */
typedef enum group_list {
	LIST_RULES, LIST_MODES, LIST_COMBOS, LIST_MODESTRS
} group_list;

static fs_ids *list_of(fs_group *group, group_list which)
{
	fs_ids *const lists[] = {
		[LIST_RULES] = &group->rules,
		[LIST_MODES] = &group->modes,
		[LIST_COMBOS] = &group->combos,
		[LIST_MODESTRS] = &group->modestrs,
	};

	return lists[which];
}

/* Files `id` in the group of each name, under the list `which`. */
static fs_add add_to_groups(fs_rules *rules, fs_name_map *map,
			    const fs_words *names, size_t id,
			    group_list which, const entry_kind *kind,
			    const fs_pos **clash_pos)
{
	for (size_t i = 0; i < names->count; i++) {
		size_t g = group_for(rules, map, names->items[i].text);
		fs_group *group;
		fs_add res;

		if (g == FS_NONE)
			return FS_ADD_NOMEM;
		group = &rules->groups.items[g];
		res = list_replace(rules, list_of(group, which), id, kind,
				   clash_pos);
		if (res != FS_ADD_OK)
			return res;
	}
	return FS_ADD_OK;
}

fs_add fs_model_add_namespace(fs_rules *rules, size_t id)
{
	const fs_namespace *ns = &rules->namespaces.items[id];

	if (fs_map_put(&rules->namespace_map, ns->name, id))
		return FS_ADD_NOMEM;
	return FS_ADD_OK;
}

fs_add fs_model_add_member(fs_rules *rules, size_t id, const fs_pos **clash)
{
	fs_member *m = &rules->members.items[id];
	fs_ids *list = &rules->namespaces.items[m->ns].members;
	size_t old = fs_map_get(&rules->member_map, m->name);

	if (old != FS_NONE) {
		const fs_member *o = &rules->members.items[old];

		/* A macro belongs to one namespace only, whatever the unit. */
		if (o->ns != m->ns || o->origin.unit == m->origin.unit) {
			*clash = &o->origin.pos;
			return FS_ADD_CLASH;
		}
		m->ns_index = o->ns_index;
		list->items[m->ns_index] = id;
	} else if (fs_ids_push(list, id)) {
		return FS_ADD_NOMEM;
	} else {
		m->ns_index = list->count - 1;
	}
	if (fs_map_put(&rules->member_map, m->name, id))
		return FS_ADD_NOMEM;
	return FS_ADD_OK;
}

/* Both lists are sorted (fs_syntax_when): one merge pass. */
static int words_intersect(const fs_words *a, const fs_words *b)
{
	size_t i = 0, j = 0;

	while (i < a->count && j < b->count) {
		int cmp = strcmp(a->items[i].text, b->items[j].text);

		if (cmp == 0)
			return 1;
		if (cmp < 0)
			i++;
		else
			j++;
	}
	return 0;
}

/* Two rules for one argument clash unless their when= conditions can
 * never hold at once. */
static int calls_clash(const fs_rules *rules, size_t a, size_t b)
{
	const fs_call_rule *x = &rules->calls.items[a];
	const fs_call_rule *y = &rules->calls.items[b];

	if (x->param.pos != y->param.pos)
		return 0;
	if (!x->when.count || !y->when.count)
		return !x->when.count && !y->when.count;
	return x->when_param.pos == y->when_param.pos &&
	       words_intersect(&x->when, &y->when);
}

/* Whether call rule r reads an argument where a plain number can make a
 * finding (flagspace-unnamed-number): one that takes flags or values and
 * rejects the others, not a number (`-`), nor a result. */
static int takes_flags(const fs_call_rule *r)
{
	return !r->is_result && !r->accept.is_number &&
	       fs_bits_reject_numbers(r->bits);
}

/* Puts each of words into map (the value: the entry). */
static int put_words(fs_name_map *map, const fs_words *words, size_t id)
{
	for (size_t i = 0; i < words->count; i++)
		if (fs_map_put(map, words->items[i].text, id))
			return -1;
	return 0;
}

fs_add fs_model_add_call(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { calls_clash, calls_origin };
	const fs_call_rule *r = &rules->calls.items[id];

	if (put_words(&rules->when_map, &r->when, id) ||
	    (takes_flags(r) && put_words(&rules->flag_call_map, &r->funcs, id)))
		return FS_ADD_NOMEM;
	return add_to_groups(rules, &rules->function_map, &r->funcs, id,
			     LIST_RULES, &kind, clash);
}

static int fields_clash(const fs_rules *rules, size_t a, size_t b)
{
	return !strcmp(rules->fields.items[a].field,
		       rules->fields.items[b].field);
}

fs_add fs_model_add_field(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { fields_clash, fields_origin };
	fs_field_rule *r = &rules->fields.items[id];
	fs_words record = { &(fs_word){ r->record, r->origin.pos }, 1 };

	return add_to_groups(rules, &rules->record_map, &record, id,
			     LIST_RULES, &kind, clash);
}

static int params_equal(const fs_param *a, const fs_param *b)
{
	return a->pos == b->pos && (a->name && b->name ?
				    !strcmp(a->name, b->name) :
				    a->name == b->name);
}

static int modes_clash(const fs_rules *rules, size_t a, size_t b)
{
	const fs_mode_rule *x = &rules->modes.items[a];
	const fs_mode_rule *y = &rules->modes.items[b];

	return params_equal(&x->flags, &y->flags) &&
	       params_equal(&x->mode, &y->mode);
}

/* A needs-mode or combination rule, filed under its functions or its
 * struct tag. */
static fs_add add_site_rule(fs_rules *rules, int is_record,
			   const fs_words *sites, size_t id, group_list which,
			   const entry_kind *kind, const fs_pos **clash)
{
	fs_name_map *map = is_record ? &rules->record_map
				     : &rules->function_map;

	return add_to_groups(rules, map, sites, id, which, kind, clash);
}

fs_add fs_model_add_mode(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { modes_clash, modes_origin };
	const fs_mode_rule *r = &rules->modes.items[id];

	if (r->is_record && put_words(&rules->mode_record_map, &r->sites, id))
		return FS_ADD_NOMEM;
	return add_site_rule(rules, r->is_record, &r->sites, id, LIST_MODES,
			     &kind, clash);
}

static int words_equal(const fs_words *a, const fs_words *b)
{
	if (a->count != b->count)
		return 0;
	for (size_t i = 0; i < a->count; i++)
		if (strcmp(a->items[i].text, b->items[i].text))
			return 0;
	return 1;
}

/* The same combination said twice: same kind, places and names. */
static int combos_clash(const fs_rules *rules, size_t a, size_t b)
{
	const fs_combo_rule *x = &rules->combos.items[a];
	const fs_combo_rule *y = &rules->combos.items[b];

	return x->kind == y->kind && x->any_other == y->any_other &&
	       params_equal(&x->param, &y->param) &&
	       params_equal(&x->other_param, &y->other_param) &&
	       words_equal(&x->firsts, &y->firsts) &&
	       words_equal(&x->others, &y->others) &&
	       words_equal(&x->with, &y->with) &&
	       params_equal(&x->file, &y->file);
}

fs_add fs_model_add_combo(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { combos_clash, combos_origin };
	const fs_combo_rule *r = &rules->combos.items[id];

	return add_site_rule(rules, r->is_record, &r->sites, id, LIST_COMBOS,
			     &kind, clash);
}

/* Two mode-string rules of one argument, for the same C library. */
static int modestrs_clash(const fs_rules *rules, size_t a, size_t b)
{
	const fs_modestr_rule *x = &rules->modestrs.items[a];
	const fs_modestr_rule *y = &rules->modestrs.items[b];

	return x->param.pos == y->param.pos && x->libc == y->libc;
}

/* A mode string makes findings with no flag written, so its functions
 * are names the command line's prefilter and flagspace-runner keep a
 * unit and a body for, as those of flagspace-unnamed-number. */
fs_add fs_model_add_modestr(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { modestrs_clash, modestrs_origin };
	const fs_modestr_rule *r = &rules->modestrs.items[id];

	if (put_words(&rules->flag_call_map, &r->funcs, id))
		return FS_ADD_NOMEM;
	return add_to_groups(rules, &rules->function_map, &r->funcs, id,
			     LIST_MODESTRS, &kind, clash);
}

/* Files entry id of a table under name in map, in place of an earlier
 * unit's entry of that name; one of the same unit clashes. */
static fs_add put_replacing(const fs_rules *rules, fs_name_map *map,
			    const char *name, size_t id,
			    const fs_origin *(*origin)(const fs_rules *rules,
						       size_t id),
			    const fs_pos **clash)
{
	size_t old = fs_map_get(map, name);

	if (old != FS_NONE &&
	    origin(rules, old)->unit == origin(rules, id)->unit) {
		*clash = &origin(rules, old)->pos;
		return FS_ADD_CLASH;
	}
	if (fs_map_put(map, name, id))
		return FS_ADD_NOMEM;
	return FS_ADD_OK;
}

fs_add fs_model_add_deprecation(fs_rules *rules, size_t id,
				const fs_pos **clash)
{
	return put_replacing(rules, &rules->deprecation_map,
			     rules->deprecations.items[id].old.text, id,
			     deprecations_origin, clash);
}

static int equivalents_clash(const fs_rules *rules, size_t a, size_t b)
{
	return !strcmp(rules->equivalents.items[a].to.text,
		       rules->equivalents.items[b].to.text);
}

fs_add fs_model_add_equivalent(fs_rules *rules, size_t id,
			       const fs_pos **clash)
{
	static const entry_kind kind = { equivalents_clash, equivalents_origin };
	fs_equivalent *e = &rules->equivalents.items[id];
	fs_words from = { &e->from, 1 };

	return add_to_groups(rules, &rules->equivalent_map, &from, id,
			     LIST_RULES, &kind, clash);
}

/* A since rule about the call itself makes a finding with no flag
 * written, so its names are the prefilter's (query_names.c). Several
 * rules may share a name: the map keeps any. */
fs_add fs_model_add_since(fs_rules *rules, size_t id, const fs_pos **clash)
{
	const fs_since_rule *r = &rules->sinces.items[id];

	(void)clash;
	if (!r->raw.count)
		return FS_ADD_OK;
	return put_words(&rules->since_call_map, &r->funcs, id) ||
			       put_words(&rules->since_call_map, &r->raw, id)
		       ? FS_ADD_NOMEM
		       : FS_ADD_OK;
}

/* One value a name has on one architecture; a later unit replaces it. */
fs_add fs_model_add_arch_value(fs_rules *rules, size_t id,
			       const fs_pos **clash)
{
	const fs_arch_value *v = &rules->arch_values.items[id];

	return put_replacing(rules, &rules->arches.items[v->arch].values,
			     v->name.text, id, arch_values_origin, clash);
}

/* Adds every entry again in load order, which reproduces the replacements
 * between units exactly as they first happened. */
static fs_add add_namespace(fs_rules *rules, size_t id, const fs_pos **clash)
{
	(void)clash;
	return fs_model_add_namespace(rules, id);
}

static int rebuild_index(fs_rules *rules)
{
	const struct {
		size_t count;
		fs_add (*add)(fs_rules *rules, size_t id, const fs_pos **clash);
	} tables[] = {
		{ rules->namespaces.count, add_namespace },
		{ rules->members.count, fs_model_add_member },
		{ rules->calls.count, fs_model_add_call },
		{ rules->fields.count, fs_model_add_field },
		{ rules->modes.count, fs_model_add_mode },
		{ rules->combos.count, fs_model_add_combo },
		{ rules->modestrs.count, fs_model_add_modestr },
		{ rules->deprecations.count, fs_model_add_deprecation },
		{ rules->equivalents.count, fs_model_add_equivalent },
		{ rules->arch_values.count, fs_model_add_arch_value },
		{ rules->sinces.count, fs_model_add_since },
	};
	const fs_pos *clash;
	int bad = 0;

	for (size_t t = 0; t < FS_COUNT_OF(tables); t++)
		for (size_t i = 0; i < tables[t].count; i++)
			bad |= tables[t].add(rules, i, &clash) != FS_ADD_OK;
	return bad ? -1 : 0;
}

int fs_model_rollback(fs_rules *rules, const fs_checkpoint *cp)
{
	fs_model_clear_index(rules);
#define FS_RULES_TABLE(type, name) rules->name.count = cp->name;
#include "rules_tables.def"
#undef FS_RULES_TABLE
	rules->unit = cp->unit;
	fs_arena_release(&rules->arena, cp->mark);
	return rebuild_index(rules);
}
