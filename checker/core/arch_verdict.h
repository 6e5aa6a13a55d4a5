/* arch_verdict.h: whether a misplaced flag works by accident, architecture by architecture. */
#ifndef FS_ARCH_VERDICT_H
#define FS_ARCH_VERDICT_H

#include "site.h"

/* For member m misplaced in slot `slot`, compared with the replacement the
 * equivalent rules offer there (TO): where the two have the same value on
 * some architectures the rules know and not on others, appends
 * "; it works by accident on aarch64, not on mips64" (equal on the
 * site's architecture) or "; it would work by accident on x86_64, ..."
 * (equal elsewhere only). Appends nothing when they are equal everywhere
 * or nowhere, when no equivalent applies, or when the site's
 * architecture is unknown (no `arch` rule names its target). */
void fs_put_arch_verdict(fs_buf *b, const fs_site *site, size_t slot,
			 size_t m);

/* Whether member m, misplaced in slot `slot` with value `v` at the site,
 * has there the value of the replacement the equivalent rules offer (TO),
 * on the site's architecture (x86-64 when unknown): the code works
 * because the values coincide. 0 when no equivalent applies, or TO does
 * not exist there. */
int fs_arch_is_equal_here(const fs_site *site, size_t slot, size_t m,
			  int64_t v);

#endif
