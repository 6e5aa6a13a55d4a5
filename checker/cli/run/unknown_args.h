/* unknown_args.h: the run stage's retry of a batch that failed on
 * arguments clang's driver does not know: they are dropped from every
 * unit's command, as clangd drops them, and the batch runs again. */
#ifndef FS_UNKNOWN_ARGS_H
#define FS_UNKNOWN_ARGS_H

#include "audit.h"
#include "strset.h"

/* Drops from the commands of every unit the arguments that clang's
 * "unknown argument" errors in `out` (a failed run's stdout) name, noting
 * each drop (as clangd drops them). Returns how many of the arguments
 * named were dropped now or by an earlier call (`known` remembers them),
 * 0 when none was, or -1 when out of memory. */
int audit_drop_unknown_args(audit *a, const char *out, strset *known);

#endif
