/* check_mode_string.h: flagspace-mode-string: an fopen() or popen() mode
 * string whose letters the C library ignores or refuses. */
#ifndef FS_CHECK_MODE_STRING_H
#define FS_CHECK_MODE_STRING_H

#include "site.h"

/* Reports what is wrong with the string literals the call gives to the
 * mode-string arguments of its function (`rules`: its group's
 * mode-string entries; `shift`: 1 for a raw syscall()): a first letter
 * the library refuses, a later access letter it ignores (fopen(p, "rw")
 * opens read-only), 'x' where nothing is created, and for a strict rule
 * (glibc's popen()) any letter it does not take. A mode that is no
 * literal, or holds characters other than printable ones, is not read.
 * Returns 0, or -1 when out of memory. */
int fs_check_call_mode_strings(const fs_site *site, const fs_ids *rules,
			       const fs_call *call, size_t shift);

#endif
