/* share_group.h: planning and building the PCHs of one group of units. */
#ifndef FS_SHARE_GROUP_H
#define FS_SHARE_GROUP_H

#include <stddef.h>

#include "audit.h"
#include "shared_headers.h"

typedef AUDIT_VEC(size_t) share_units;
typedef AUDIT_VEC(share_units) share_groups;

/* Lists the files units[0..n) (one command but their file and -D/-U)
 * read, chooses their PCHs, builds them and gives the units their roles;
 * adds to *pchs the PCHs built. Says on stderr why a group shares
 * nothing when a tool fails. Returns 0, or -1 when out of memory. */
int share_group(audit *a, const share_tools *t, const size_t *units,
		size_t n, unsigned group, size_t *pchs);

#endif
