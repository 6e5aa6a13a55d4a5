/* check_mode.h: the needs-mode rules: a flag that creates a file needs a
 * mode, and (strict) a mode needs such a flag. */
#ifndef FS_CHECK_MODE_H
#define FS_CHECK_MODE_H

#include "site.h"

/* Reports a creating flag in a call that passes no mode argument. `shift`
 * is 1 for a raw syscall(). Returns 0, or -1 when out of memory. */
int fs_check_call_modes(const fs_site *site, const fs_ids *modes,
			const fs_call *call, size_t shift);

/* Reports, for an initializer, a creating flag without a mode field (or a
 * zero one); and for a strict rule, a mode set while the flags are fully
 * known to have no creating flag. Returns 0, or -1 when out of memory. */
int fs_check_record_modes(const fs_site *site, const fs_ids *modes,
			  const fs_record *record);

#endif
