/* diagnose.h: reports a flag written where an argument or field does not
 * take it (wrong namespace, wrong field, unsupported flag). */
#ifndef FS_DIAGNOSE_H
#define FS_DIAGNOSE_H

#include "site.h"

/* Checks every named term that the value read as site->reads[at] sets
 * (the argument at position `at`, or the written field of index `at`),
 * against slot `slot` of the site, and appends what is wrong, pointing at
 * `at`. Plain numbers, unknown parts, terms that do not set bits (cleared,
 * masks, compared) and names the rules do not know are never reported.
 * Returns 0, or -1 when out of memory. */
int fs_diagnose_value(const fs_site *site, size_t slot, size_t at);

#endif
