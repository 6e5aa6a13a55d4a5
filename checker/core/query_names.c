/* query_names.c: name queries for the command line's prefilter. */
#include <string.h>

#include "profile.h"
#include "rules_model.h"
#include "rules_query.h"

/* Whether a needs-mode rule covers `record`: such a rule reports an
 * initializer for what it leaves out, with no flag written at all. Every
 * entry counts, replaced ones too: a larger set only lets more units
 * through. */
static int record_has_mode_rule(const fs_rules *rules, const char *record)
{
	return fs_map_get(&rules->mode_record_map, record) != FS_NONE;
}

/* Whether some call rule of `name` takes flags, where a plain number can
 * make a finding (flagspace-unnamed-number), or a mode-string rule names
 * it, where a string does (flagspace-mode-string; every entry, replaced
 * ones too). */
static int function_takes_flags(const fs_rules *rules, const char *name)
{
	return fs_map_get(&rules->flag_call_map, name) != FS_NONE;
}

/* Whether a since rule about a call itself names `name` (the function, or
 * its SYS_x or __NR_x): such a call makes a finding with no flag written
 * (openat2() when the minimum kernel is older than 5.6). */
static int is_since_call(const fs_rules *rules, const char *name)
{
	return fs_map_get(&rules->since_call_map, name) != FS_NONE;
}

static fs_name_role role_in(const fs_rules *rules, const char *name)
{
	if (fs_model_member(rules, name) != FS_NONE ||
	    fs_model_deprecation(rules, name))
		return FS_ROLE_FLAG;
	if (record_has_mode_rule(rules, name))
		return FS_ROLE_RECORD;
	/* A raw syscall() takes the rules of the call its number names. */
	if (!strcmp(name, "syscall") || function_takes_flags(rules, name) ||
	    is_since_call(rules, name))
		return FS_ROLE_CALL;
	return FS_ROLE_NONE;
}

/* The names of every profile count too: a tool reading source text does
 * not know which profile a unit is, and a larger set only lets more units
 * through. */
fs_name_role fs_rules_name_role(const fs_rules *rules, const char *name)
{
	fs_name_role role;
	const fs_rules *view;

	if (!rules || !name)
		return FS_ROLE_NONE;
	role = role_in(rules, name);
	for (size_t i = 0; !role && (view = fs_rules_view(rules, i)); i++)
		role = role_in(view, name);
	return role;
}

static int passes_layout_in(const fs_rules *rules, const char *name)
{
	const char *func = fs_syscall_function(name);

	return fs_layout_names_function(rules, name) ||
	       (func && fs_layout_names_function(rules, func));
}

int fs_rules_passes_layout(const fs_rules *rules, const char *name)
{
	const fs_rules *view;
	int passes;

	if (!rules || !name)
		return 0;
	passes = passes_layout_in(rules, name);
	for (size_t i = 0; !passes && (view = fs_rules_view(rules, i)); i++)
		passes = passes_layout_in(view, name);
	return passes;
}

/* The i-th name of rules alone, or NULL after taking their count from *i. */
static const char *role_name_in(const fs_rules *rules, size_t *index)
{
	size_t i = *index;

	if (i < rules->members.count)
		return rules->members.items[i].name;
	i -= rules->members.count;
	if (i < rules->deprecations.count)
		return rules->deprecations.items[i].old.text;
	i -= rules->deprecations.count;
	for (size_t k = 0; k < rules->modes.count; k++) {
		const fs_mode_rule *r = &rules->modes.items[k];

		if (!r->is_record)
			continue;
		if (i < r->sites.count)
			return r->sites.items[i].text;
		i -= r->sites.count;
	}
	/* A since rule about a call: each function, its SYS_x and __NR_x. */
	for (size_t k = 0; k < rules->sinces.count; k++) {
		const fs_since_rule *r = &rules->sinces.items[k];

		if (i < r->funcs.count && r->raw.count)
			return r->funcs.items[i].text;
		i -= r->raw.count ? r->funcs.count : 0;
		if (i < r->raw.count)
			return r->raw.items[i].text;
		i -= r->raw.count;
	}
	*index = i;
	return NULL;
}

const char *fs_rules_role_name(const fs_rules *rules, size_t i)
{
	const char *name;
	const fs_rules *view;

	if (!rules)
		return NULL;
	name = role_name_in(rules, &i);
	for (size_t k = 0; !name && (view = fs_rules_view(rules, k)); k++)
		name = role_name_in(view, &i);
	return name;
}
