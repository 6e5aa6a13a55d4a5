/* rules_query.h: name lookups shared by the public queries and the checks. */
#ifndef FS_RULES_QUERY_H
#define FS_RULES_QUERY_H

#include "rules_model.h"

/* The rules a raw syscall(SYS_x) or syscall(__NR_x) uses: those of "SYS_x"
 * when any exist, else those of "x". NULL when `number` has neither form
 * or x has no rules. */
const fs_group *fs_rules_syscall_group(const fs_rules *rules,
				       const char *number);

#endif
