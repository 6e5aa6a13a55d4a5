/* check_enum_mix.h: values of one enumeration or'ed together. */
#ifndef FS_CHECK_ENUM_MIX_H
#define FS_CHECK_ENUM_MIX_H

#include "site.h"

/* Appends a finding when `value` ors two or more nonzero members of one
 * kind=enum namespace that slot `slot` accepts (MADV_DONTFORK|
 * MADV_DONTDUMP): the call gets neither value. It points at the second
 * member. The value is site->reads[at]; only terms it sets on every path
 * are counted. Returns 0, or -1
 * when out of memory. */
int fs_check_enum_mix(const fs_site *site, size_t slot, size_t at);

#endif
