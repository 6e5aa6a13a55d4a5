/* check_combo.h: the excludes, requires and ignored-unless rules: flags a
 * call rejects or ignores in combination with others. */
#ifndef FS_CHECK_COMBO_H
#define FS_CHECK_COMBO_H

#include "site.h"

/* Reports the combinations of a call's arguments that its rules `combos`
 * describe. Only certain facts count: each flag involved is named and set
 * on every path, a missing one is missing from a value known whole; a
 * value with an unknown part (a variable, a call, a number the rules do
 * not name) is never reported. `shift` is 1 for a raw syscall(). Returns
 * 0, or -1 when out of memory. */
int fs_check_call_combos(const fs_site *site, const fs_ids *combos,
			 const fs_call *call, size_t shift);

/* The same for the fields of a struct write. A field an initializer
 * leaves out is 0; in an assignment the other fields, and the old value
 * under |=, &= or ^=, are unknown. Returns 0, or -1 when out of memory. */
int fs_check_record_combos(const fs_site *site, const fs_ids *combos,
			   const fs_record *record);

#endif
