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

/* After a run that failed (its stderr in the file err): the arguments
 * clang rejected there ("unknown argument", "unknown warning option"
 * under -Werror) are dropped from every unit's command, as the run
 * would drop them, noted as it notes them (audit_drop_unknown_args).
 * Returns how many were, or -1 when out of memory. */
int share_drop_unknown(audit *a, const char *err);

#endif
