/* share_list.h: the files each unit of a group reads (clang-scan-deps). */
#ifndef FS_SHARE_LIST_H
#define FS_SHARE_LIST_H

#include <stddef.h>

#include "audit.h"

/* Runs scan_deps over the commands of units[0..n) (database share-G.db
 * of the temporary directory) and returns its make-format output,
 * malloc'd, its length in *len; NULL with `why` when it failed. The
 * arguments clang's driver rejects are dropped from every unit's command
 * (audit_drop_unknown_args), as the run would drop them. */
char *share_list(audit *a, const char *scan_deps, const size_t *units,
		 size_t n, unsigned group, size_t *len, char *why,
		 size_t size);

#endif
