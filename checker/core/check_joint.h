/* check_joint.h: the rules about a flag taken with something else, on a
 * call and on a struct write: needs-mode (check_mode.c: a flag that
 * creates a file needs a mode, and a strict rule's mode needs such a flag)
 * and the combinations (check_combo.c: excludes, requires and
 * ignored-unless, flags a call rejects or ignores with others).
 *
 * Each reports what its rules (the ids in `modes` or `combos`) describe,
 * and returns 0, or -1 when out of memory. `shift` is 1 for a raw
 * syscall(). */
#ifndef FS_CHECK_JOINT_H
#define FS_CHECK_JOINT_H

#include "site.h"

/* A creating flag in a call that passes no mode argument. */
int fs_check_call_modes(const fs_site *site, const fs_ids *modes,
			const fs_call *call, size_t shift);
/* For an initializer, a creating flag without a mode field (or a zero
 * one); and for a strict rule, a mode set while the flags are fully known
 * to have no creating flag. */
int fs_check_record_modes(const fs_site *site, const fs_ids *modes,
			  const fs_record *record);

/* The combinations of a call's arguments. Only certain facts count: each
 * flag involved is named and set on every path, a missing one is missing
 * from a value known whole; a value with an unknown part (a variable, a
 * call, a number the rules do not name) is never reported. */
int fs_check_call_combos(const fs_site *site, const fs_ids *combos,
			 const fs_call *call, size_t shift);
/* The same for the fields of a struct write. A field an initializer
 * leaves out is 0; in an assignment the other fields, and the old value
 * under |=, &= or ^=, are unknown. */
int fs_check_record_combos(const fs_site *site, const fs_ids *combos,
			   const fs_record *record);

#endif
