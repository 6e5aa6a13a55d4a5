/* check_portability.h: flagspace-portability: a call, or a flag of it,
 * that some C library or kernel the program may run on rejects or
 * emulates. */
#ifndef FS_CHECK_PORTABILITY_H
#define FS_CHECK_PORTABILITY_H

#include "site.h"

/* Reports the `since` rules of the call whose site is open (its slots and
 * readings) that may apply on the systems call->platform leaves possible:
 * one finding per flag term, and one for the call itself. `shift` is 1 for
 * a raw syscall(), whose arguments are one further. Does not look at
 * struct fields. Returns 0, or -1 when out of memory. */
int fs_check_call_portability(const fs_site *site, const fs_call *call,
			      size_t shift);

#endif
