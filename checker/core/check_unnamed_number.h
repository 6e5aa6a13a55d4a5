/* check_unnamed_number.h: flagspace-unnamed-number: a number or a truth
 * value where flags or an enumeration's value belong, with bits the
 * argument rejects. */
#ifndef FS_CHECK_UNNAMED_NUMBER_H
#define FS_CHECK_UNNAMED_NUMBER_H

#include "site.h"

/* Whether an argument with these bits= is checked for numbers: one that
 * rejects the bits it does not take (EINVAL, EOPNOTSUPP). */
static inline int fs_bits_reject_numbers(fs_bits bits)
{
	return bits == FS_BITS_EINVAL || bits == FS_BITS_EOPNOTSUPP;
}

/* Appends what is wrong with the plain numbers of the value read as
 * site->reads[at] against slot `slot` of a call: a number set on some
 * path at least with bits no member the slot takes has (reported at the
 * number, for each such number), a comparison's or logical operation's
 * 0-or-1 where no flag the slot takes is 1 (at the whole value), or for
 * an enumeration a number written alone that is no value the slot takes.
 * Named terms, unknown parts and a number whose bits the slot takes (it
 * may be right) are not reported; nor is anything of a read (a result, a
 * field tested). Returns 0, or -1 when out of memory. */
int fs_check_unnamed_number(const fs_site *site, size_t slot, size_t at);

#endif
