/* check_call.h: what one argument or the result of a described call takes,
 * for checks that look at a value the call is given or returns. */
#ifndef FS_CHECK_CALL_H
#define FS_CHECK_CALL_H

#include "flagspace.h"

/* Whether argument `arg` of `call` (its result when arg is FS_WHOLE_VALUE:
 * the `result` rule whose when= holds) takes namespace `ns`, by the rules
 * that apply at that call. 0 when the call or the argument has no rules,
 * or when out of memory. */
int fs_call_takes_ns(const fs_rules *rules, const fs_call *call, size_t arg,
		     size_t ns);

#endif
