/* rules_query.h: name lookups shared by the public queries and the checks. */
#ifndef FS_RULES_QUERY_H
#define FS_RULES_QUERY_H

#include "rules_model.h"
#include "strbuf.h"

/* x in SYS_x or __NR_x, or NULL. */
const char *fs_syscall_function(const char *number);

/* The function name whose rules a raw syscall(SYS_x) uses, as
 * fs_rules_syscall_group() chooses them: "SYS_x" (written into `raw`) or
 * "x". NULL when `number` has neither form. */
const char *fs_syscall_rules_name(const fs_rules *rules, const char *number,
				  fs_buf *raw);

/* The rules a raw syscall(SYS_x) or syscall(__NR_x) uses: those of "SYS_x"
 * when any exist, else those of "x". NULL when `number` has neither form
 * or x has no rules. */
const fs_group *fs_rules_syscall_group(const fs_rules *rules,
				       const char *number);

/* Whether a layout rule's passed= names function `name`. */
int fs_layout_names_function(const fs_rules *rules, const char *name);

/* Whether swappable rule r names function `name`. */
int fs_swap_names_function(const fs_swap_rule *r, const char *name);

#endif
