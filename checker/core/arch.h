/* arch.h: which architecture a target is, and the values names have there. */
#ifndef FS_ARCH_H
#define FS_ARCH_H

#include "rules_model.h"

/* The architecture of a target triple ("aarch64-unknown-linux-gnu"): the
 * first `arch` whose cpus= names the triple's first word (an entry ending
 * in `*` matches by prefix). FS_NONE for NULL, or when no arch does. */
size_t fs_arch_of_triple(const fs_rules *rules, const char *triple);

/* Member m's value on `arch`: the arch's own value where it has one,
 * else the member's. arch FS_NONE: the member's. */
int64_t fs_member_value(const fs_rules *rules, size_t m, size_t arch);

/* Whether member m exists on `arch` (its section does not say `m -`);
 * arch FS_NONE: yes. */
int fs_member_is_on(const fs_rules *rules, size_t m, size_t arch);

#endif
