/* run.h: the run stage: clang-tidy (or the runner) over the batches the
 * plan made, opt.njobs at a time, with a timeout. It hands back each run
 * as it ends, raw (its files, how it ended), and retries what it can see
 * for itself: a batch of several units that crashed or hung runs again
 * unit by unit, so that the failure names its unit; a batch that failed
 * on arguments clang does not know runs again without them. It reads no
 * finding: collect/ does (collect_batch.h), and may ask for a batch to be
 * run again unit by unit (run_isolate). */
#ifndef FS_RUN_H
#define FS_RUN_H

#include <limits.h>
#include <time.h>

#include "audit.h"
#include "base/spawn.h"
#include "batch_plan.h"
#include "strset.h"

/* Whether clang-tidy loads the plugin and lists flagspace checks (or the
 * runner lists them): a plugin of another major fails here, once, rather
 * than on every unit. Returns CLI_OK or CLI_FAIL after a one-line error. */
int audit_check_tidy(const audit *a);

/* The program each unit runs in: the runner, else clang-tidy. */
static inline const char *audit_tool(const audit *a)
{
	return a->opt.runner ? a->opt.runner : a->opt.clang_tidy;
}

/* One run of a batch, ended. */
typedef struct run_outcome {
	batch b;		/* its units */
	fs_spawn_end end;	/* exited, killed by a signal, timed out */
	int code;		/* the exit status, or the signal */
	int retried;		/* queued again by the run stage (after a
				   crash or a hang, unit by unit; after
				   arguments clang does not know were
				   dropped, whole): nothing to collect */
	struct timespec started;	/* wall clock, to compare with mtimes */
	/* what it wrote: --export-fixes (missing when it found nothing),
	 * stdout, stderr */
	char yaml[PATH_MAX], out[PATH_MAX], err[PATH_MAX];
} run_outcome;

struct run_job;
typedef struct runner {
	audit *a;
	batch_queue queue;	/* run in order; retries are appended */
	size_t next;
	struct run_job *jobs;	/* opt.njobs */
	unsigned seq, running;
	strset unknown_args;	/* dropped: clang does not know them */
} runner;

/* Starts a run of the batches in *batches (taken: *batches is left
 * empty). Returns 0, or -1 when out of memory. */
int run_open(runner *r, audit *a, batch_queue *batches);
/* Runs batches until one ends, into *o: 1; 0 when every batch has run;
 * -1 after a one-line error (a run that cannot start, or be waited for). */
int run_next(runner *r, run_outcome *o);
/* Queues the units of b to run again one by one (collect found what only
 * a unit's own run can say: a compile error, a failure, a YAML it cannot
 * read). Returns 0, or -1 when out of memory. */
int run_isolate(runner *r, const batch *b);
/* Stops what still runs (after an error) and frees the run. */
void run_close(runner *r);

#endif
