/* record_given.c: the call a struct is given to, as a record's rules read
 * it (file= of a combination rule). */
#include <string.h>

#include "record_given.h"
#include "rules_query.h"

/* The layout rule of the record, or NULL. */
static const fs_layout_rule *layout_of(const fs_rules *rules,
				       const char *record)
{
	for (size_t i = 0; i < rules->layouts.count; i++)
		if (!strcmp(rules->layouts.items[i].record.text, record))
			return &rules->layouts.items[i];
	return NULL;
}

const char *fs_record_given_string(const fs_rules *rules,
				   const fs_record *record, const fs_param *p)
{
	const fs_layout_rule *layout = layout_of(rules, record->record);
	const fs_call *call = record->given_to;
	const char *callee = call ? call->callee : NULL;
	size_t shift = 0;

	if (!layout || !callee || !p->name)
		return NULL;
	/* syscall(SYS_openat2, ...): the function its number names. */
	if (!strcmp(callee, "syscall")) {
		if (!call->nargs || call->args[0].nterms != 1 ||
		    !call->args[0].terms[0].name)
			return NULL;
		callee = fs_syscall_function(call->args[0].terms[0].name);
		shift = 1;
	}
	if (!callee || strcmp(callee, layout->passed.name) ||
	    record->given_arg != layout->passed.pos + shift ||
	    p->pos + shift >= call->nargs)
		return NULL;
	return call->args[p->pos + shift].string;
}
