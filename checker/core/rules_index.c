/* rules_index.c: files each new rule entry under its names, replacing an
 * earlier unit's entry with the same key and refusing one of the same unit;
 * after a rollback, files every entry left again. */
#include <string.h>

#include "rules_model.h"

/* How list_replace sees one table: do entries a and b have the same key,
 * and where does an entry come from. */
typedef struct entry_kind {
	int (*clash)(const fs_rules *rules, size_t a, size_t b);
	const fs_origin *(*origin)(const fs_rules *rules, size_t id);
} entry_kind;

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
typedef enum group_list { LIST_RULES, LIST_MODES, LIST_COMBOS } group_list;

static fs_ids *list_of(fs_group *group, group_list which)
{
	fs_ids *const lists[] = {
		[LIST_RULES] = &group->rules,
		[LIST_MODES] = &group->modes,
		[LIST_COMBOS] = &group->combos,
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

static const fs_origin *call_origin(const fs_rules *rules, size_t id)
{
	return &rules->calls.items[id].origin;
}

fs_add fs_model_add_call(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { calls_clash, call_origin };
	const fs_call_rule *r = &rules->calls.items[id];

	for (size_t i = 0; i < r->when.count; i++)
		if (fs_map_put(&rules->when_map, r->when.items[i].text, id))
			return FS_ADD_NOMEM;
	return add_to_groups(rules, &rules->function_map, &r->funcs, id,
			     LIST_RULES, &kind, clash);
}

static int fields_clash(const fs_rules *rules, size_t a, size_t b)
{
	return !strcmp(rules->fields.items[a].field,
		       rules->fields.items[b].field);
}

static const fs_origin *field_origin(const fs_rules *rules, size_t id)
{
	return &rules->fields.items[id].origin;
}

fs_add fs_model_add_field(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { fields_clash, field_origin };
	fs_field_rule *r = &rules->fields.items[id];
	fs_words record = { &(fs_word){ r->record, r->origin.pos }, 1 };

	return add_to_groups(rules, &rules->record_map, &record, id,
			     LIST_RULES, &kind, clash);
}

static int params_equal(const fs_param *a, const fs_param *b)
{
	return a->pos == b->pos && !strcmp(a->name, b->name);
}

static int modes_clash(const fs_rules *rules, size_t a, size_t b)
{
	const fs_mode_rule *x = &rules->modes.items[a];
	const fs_mode_rule *y = &rules->modes.items[b];

	return params_equal(&x->flags, &y->flags) &&
	       params_equal(&x->mode, &y->mode);
}

static const fs_origin *mode_origin(const fs_rules *rules, size_t id)
{
	return &rules->modes.items[id].origin;
}

fs_add fs_model_add_mode(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { modes_clash, mode_origin };
	const fs_mode_rule *r = &rules->modes.items[id];
	fs_name_map *map = r->is_record ? &rules->record_map
					: &rules->function_map;

	return add_to_groups(rules, map, &r->sites, id, LIST_MODES, &kind,
			     clash);
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
	       words_equal(&x->others, &y->others);
}

static const fs_origin *combo_origin(const fs_rules *rules, size_t id)
{
	return &rules->combos.items[id].origin;
}

fs_add fs_model_add_combo(fs_rules *rules, size_t id, const fs_pos **clash)
{
	static const entry_kind kind = { combos_clash, combo_origin };
	const fs_combo_rule *r = &rules->combos.items[id];
	fs_name_map *map = r->is_record ? &rules->record_map
					: &rules->function_map;

	return add_to_groups(rules, map, &r->sites, id, LIST_COMBOS, &kind,
			     clash);
}

fs_add fs_model_add_deprecation(fs_rules *rules, size_t id,
				const fs_pos **clash)
{
	const fs_deprecation *d = &rules->deprecations.items[id];
	size_t old = fs_map_get(&rules->deprecation_map, d->old.text);

	if (old != FS_NONE) {
		const fs_origin *o = &rules->deprecations.items[old].origin;

		if (o->unit == d->origin.unit) {
			*clash = &o->pos;
			return FS_ADD_CLASH;
		}
	}
	if (fs_map_put(&rules->deprecation_map, d->old.text, id))
		return FS_ADD_NOMEM;
	return FS_ADD_OK;
}

static int equivalents_clash(const fs_rules *rules, size_t a, size_t b)
{
	return !strcmp(rules->equivalents.items[a].to.text,
		       rules->equivalents.items[b].to.text);
}

static const fs_origin *equivalent_origin(const fs_rules *rules, size_t id)
{
	return &rules->equivalents.items[id].origin;
}

fs_add fs_model_add_equivalent(fs_rules *rules, size_t id,
			       const fs_pos **clash)
{
	static const entry_kind kind = { equivalents_clash,
					 equivalent_origin };
	fs_equivalent *e = &rules->equivalents.items[id];
	fs_words from = { &e->from, 1 };

	return add_to_groups(rules, &rules->equivalent_map, &from, id,
			     LIST_RULES, &kind, clash);
}

/* One value a name has on one architecture; a later unit replaces it. */
fs_add fs_model_add_arch_value(fs_rules *rules, size_t id,
			       const fs_pos **clash)
{
	const fs_arch_value *v = &rules->arch_values.items[id];
	fs_name_map *map = &rules->arches.items[v->arch].values;
	size_t old = fs_map_get(map, v->name.text);

	if (old != FS_NONE) {
		const fs_origin *o = &rules->arch_values.items[old].origin;

		if (o->unit == v->origin.unit) {
			*clash = &o->pos;
			return FS_ADD_CLASH;
		}
	}
	if (fs_map_put(map, v->name.text, id))
		return FS_ADD_NOMEM;
	return FS_ADD_OK;
}

/* Adds every entry again in load order, which reproduces the replacements
 * between units exactly as they first happened. */
static int rebuild_index(fs_rules *rules)
{
	const fs_pos *clash;
	int bad = 0;

	for (size_t i = 0; i < rules->namespaces.count; i++)
		bad |= fs_model_add_namespace(rules, i) != FS_ADD_OK;
	for (size_t i = 0; i < rules->members.count; i++)
		bad |= fs_model_add_member(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->calls.count; i++)
		bad |= fs_model_add_call(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->fields.count; i++)
		bad |= fs_model_add_field(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->modes.count; i++)
		bad |= fs_model_add_mode(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->combos.count; i++)
		bad |= fs_model_add_combo(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->deprecations.count; i++)
		bad |= fs_model_add_deprecation(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->equivalents.count; i++)
		bad |= fs_model_add_equivalent(rules, i, &clash) != FS_ADD_OK;
	for (size_t i = 0; i < rules->arch_values.count; i++)
		bad |= fs_model_add_arch_value(rules, i, &clash) != FS_ADD_OK;
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
