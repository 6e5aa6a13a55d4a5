/* diagnose.h: reports a flag written where an argument or field does not
 * take it (wrong namespace, wrong field, unsupported flag). */
#ifndef FS_DIAGNOSE_H
#define FS_DIAGNOSE_H

#include "site.h"

/* Checks every named term of `value`, written in slot `slot` of the site,
 * and appends what is wrong, pointing at `at` (the argument position or
 * the index of the written field). Plain numbers, unknown parts and names
 * the rules do not know are never reported. Returns 0, or -1 when out of
 * memory. */
int fs_diagnose_value(const fs_site *site, size_t slot, const fs_value *value,
		      size_t at);

#endif
