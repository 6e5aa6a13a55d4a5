/* result_never.h: a result tested for a flag it never holds. */
#ifndef FS_RESULT_NEVER_H
#define FS_RESULT_NEVER_H

#include "site.h"

/* When the site is a read of a result (site->is_read) and member m, term
 * `index` of the value read at `at`, is named by the `never=` of slot
 * `slot`: reports that a test for it is always false, naming the getter
 * whose result holds a certain equivalent (F_GETFD for O_CLOEXEC). Says
 * nothing otherwise. Returns 0, or -1 when out of memory. */
int fs_report_never(const fs_site *site, size_t slot, size_t at,
		    size_t index, size_t m);

#endif
