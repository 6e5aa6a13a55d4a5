/* collect_batch.h: the collect stage's side of a run: what each run of
 * the run stage (run.h) found, into the audit, with the cache's entry
 * stored when the result is complete; and the results the plan found in
 * the cache (run_plan.h), read as if clang-tidy had just exported them. */
#ifndef FS_COLLECT_BATCH_H
#define FS_COLLECT_BATCH_H

#include "audit.h"
#include "run.h"
#include "run_plan.h"

/* Reads the outcome of a run (nothing when the run stage retried it):
 * its --export-fixes YAML, the units clang-tidy skipped, its compile
 * errors, a failure's reason. Sets *isolate when the batch holds several
 * units and what it says is only to be said of one unit's own run (a
 * compile error, a failure, a YAML that cannot be read): what it added is
 * undone, and the caller runs its units again one by one (run_isolate).
 * A complete result of a unit with a cache key `key` (NULL or "": none)
 * is stored. Returns 0, or -1 when out of memory. */
int audit_collect_batch(audit *a, const run_outcome *o, const char *key,
			int *isolate);

/* Reads the plan's cache hits; one whose YAML cannot be read is warned
 * about and planned to run after all (run_plan_add_unit). Returns how
 * many units were read, or -1 when out of memory. */
long audit_collect_replayed(audit *a, run_plan *p);

#endif
