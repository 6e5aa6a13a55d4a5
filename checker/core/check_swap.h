/* check_swap.h: the swappable rules: two arguments given in each other's
 * place. */
#ifndef FS_CHECK_SWAP_H
#define FS_CHECK_SWAP_H

#include "site.h"

/* Reports the swappable pairs of the call whose arguments each hold what
 * the other takes (a `-` argument: a plain number), and marks both
 * positions in `swapped` (nargs entries) so that their flags are not
 * reported again one by one. Raw syscall() forms are not checked. Returns
 * 0, or -1 when out of memory. */
int fs_check_call_swaps(const fs_site *site, const fs_call *call,
			unsigned char *swapped);

#endif
