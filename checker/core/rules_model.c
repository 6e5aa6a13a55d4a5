/* rules_model.c: the rule tables: appending, lookups, a checkpoint of a
 * load (rules_index.c rolls back to it), forgetting the index, freeing. */
#include <stdlib.h>
#include <string.h>

#include "rules_model.h"
#include "base/count_of.h"

const char *const fs_bits_words[FS_BITS_COUNT] = {
	"ignored", "einval", "never-set", "eopnotsupp", "unread", "eisdir",
	"misbehaves",
};

size_t fs_model_new_entry(void **items, size_t *count, size_t *cap,
			  size_t elem)
{
	if (fs_vec_reserve(items, cap, *count + 1, elem))
		return FS_NONE;
	memset((char *)*items + *count * elem, 0, elem);
	return (*count)++;
}

fs_checkpoint fs_model_checkpoint(const fs_rules *rules)
{
	fs_checkpoint cp = {
		.mark = fs_arena_get_mark(&rules->arena),
#define FS_RULES_TABLE(type, name) .name = rules->name.count,
#include "rules_tables.def"
#undef FS_RULES_TABLE
		.unit = rules->unit,
	};
	return cp;
}

void fs_model_clear_index(fs_rules *rules)
{
	fs_name_map *maps[] = {
		&rules->namespace_map, &rules->member_map,
		&rules->function_map, &rules->record_map,
		&rules->equivalent_map, &rules->deprecation_map,
		&rules->when_map, &rules->flag_call_map,
		&rules->mode_record_map, &rules->since_call_map,
	};

	for (size_t i = 0; i < FS_COUNT_OF(maps); i++)
		fs_map_clear(maps[i]);
	for (size_t i = 0; i < rules->groups.count; i++) {
		fs_ids_free(&rules->groups.items[i].rules);
		fs_ids_free(&rules->groups.items[i].modes);
		fs_ids_free(&rules->groups.items[i].combos);
		fs_ids_free(&rules->groups.items[i].modestrs);
	}
	rules->groups.count = 0;
	for (size_t i = 0; i < rules->namespaces.count; i++)
		fs_ids_free(&rules->namespaces.items[i].members);
	for (size_t i = 0; i < rules->arches.count; i++)
		fs_map_clear(&rules->arches.items[i].values);
}

void fs_model_free(fs_rules *rules)
{
	fs_model_clear_index(rules);
#define FS_RULES_TABLE(type, name) free(rules->name.items);
#include "rules_tables.def"
#undef FS_RULES_TABLE
	free(rules->groups.items);
	fs_arena_free(&rules->arena);
}

size_t fs_model_namespace(const fs_rules *rules, const char *name)
{
	return fs_map_get(&rules->namespace_map, name);
}

size_t fs_model_member(const fs_rules *rules, const char *name)
{
	return fs_map_get(&rules->member_map, name);
}

static const fs_group *group_of(const fs_rules *rules,
				const fs_name_map *map, const char *name)
{
	size_t id = fs_map_get(map, name);

	return id == FS_NONE ? NULL : &rules->groups.items[id];
}

const fs_group *fs_model_function(const fs_rules *rules, const char *name)
{
	return group_of(rules, &rules->function_map, name);
}

const fs_group *fs_model_record(const fs_rules *rules, const char *name)
{
	return group_of(rules, &rules->record_map, name);
}

const fs_group *fs_model_equivalents(const fs_rules *rules, const char *from)
{
	return group_of(rules, &rules->equivalent_map, from);
}

const fs_deprecation *fs_model_deprecation(const fs_rules *rules,
					   const char *name)
{
	size_t id = fs_map_get(&rules->deprecation_map, name);

	return id == FS_NONE ? NULL : &rules->deprecations.items[id];
}

int fs_model_is_when_name(const fs_rules *rules, const char *name)
{
	return fs_map_get(&rules->when_map, name) != FS_NONE;
}

size_t fs_model_arch(const fs_rules *rules, const char *name)
{
	for (size_t i = 0; i < rules->arches.count; i++)
		if (!strcmp(rules->arches.items[i].name, name))
			return i;
	return FS_NONE;
}

int fs_words_has(const fs_words *words, const char *name)
{
	for (size_t i = 0; i < words->count; i++)
		if (!strcmp(words->items[i].text, name))
			return 1;
	return 0;
}
