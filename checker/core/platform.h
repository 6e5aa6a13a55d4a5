/* platform.h: versions of the C library and the kernel, as rules and
 * messages write them. */
#ifndef FS_PLATFORM_H
#define FS_PLATFORM_H

#include "flagspace.h"
#include "strbuf.h"

/* "2.36", "6.1.30": X.Y, and .Z only when it is not 0. */
void fs_put_version(fs_buf *b, uint32_t version);

/* Whether a system with lower bound `known` (0: not known) may still be
 * older than `need`: with a known bound, when it is below `need`; without
 * one, `unknown` says. */
int fs_may_be_older(uint32_t known, uint32_t need, int unknown);

#endif
