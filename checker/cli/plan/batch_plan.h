/* batch_plan.h: how the units are cut into clang-tidy runs (batches). */
#ifndef FS_BATCH_PLAN_H
#define FS_BATCH_PLAN_H

#include <stddef.h>

#include "audit.h"

/* At most this many units per clang-tidy process: enough to pay for the
 * process start and plugin load many times over, few enough that -j
 * workers stay busy until the end. */
enum { MAX_BATCH = 16 };

/* Units first .. first+count-1 of the sorted units, run by one clang-tidy
 * with a database of their own. */
typedef struct batch {
	size_t first;		/* index into the sorted units */
	size_t count;
	size_t single;		/* with count 1 after a failed batch: the unit */
	double cost;		/* what the plan expects it to take */
} batch;

typedef AUDIT_VEC(batch) batch_queue;

/* Sorts a->tus by directory then file and cuts them into batches of one
 * directory each (clang-tidy names headers relative to it), of about a
 * quarter of one worker's share of the total cost and at most MAX_BATCH
 * units, and queues them costliest first, so that no long batch starts
 * last. A file's configurations may go to several batches: each batch's
 * database holds only its own commands. A unit's cost is a guess: a fixed
 * part for the headers every unit reads, plus its main file's size.
 * Returns 0, or -1 when out of memory. */
int batch_plan(audit *a, unsigned njobs, batch_queue *out);

#endif
