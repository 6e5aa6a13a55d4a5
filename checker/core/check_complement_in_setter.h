/* check_complement_in_setter.h: flagspace-complement-in-setter: a
 * complement (~FLAG) given to a call that replaces the whole word: it sets
 * every other flag the call reads. */
#ifndef FS_CHECK_COMPLEMENT_IN_SETTER_H
#define FS_CHECK_COMPLEMENT_IN_SETTER_H

#include "site.h"

/* Reports flagspace-complement-in-setter's findings of a call whose site
 * is open (its slots and the reading of each argument, site->reads); g is
 * the rules of its function, where the getter of what an argument
 * replaces is found. Only `~` of constants naming a flag is reported.
 * Returns 0, or -1 when out of memory. */
int fs_check_call_complement_in_setter(const fs_site *site,
				       const fs_group *g);

#endif
