/* query_names.c: name queries for the command line's prefilter. */
#include <string.h>

#include "rules_model.h"

int fs_rules_knows_field(const fs_rules *rules, const char *field)
{
	if (!rules || !field)
		return 0;
	/* Every entry, replaced ones too: a larger set only lets more
	 * units through. */
	for (size_t i = 0; i < rules->fields.count; i++)
		if (!strcmp(rules->fields.items[i].field, field))
			return 1;
	return 0;
}
