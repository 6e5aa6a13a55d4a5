/* audit_pass.c: the audit's pass down the stages once the database is
 * read and the prefilter has chosen the units: the plan makes the batches
 * and looks the units up in the cache (plan/run_plan.c), collect reads
 * what the cache holds, run runs the batches (run/audit_run.c) and hands
 * each run back as it ends, collect reads it (collect/collect_batch.c) and
 * says whether its units must run one by one, which run then does. Each
 * stage gets a value the one before made, and none calls another. */
#include <stdlib.h>

#include "audit.h"
#include "cli.h"
#include "collect.h"
#include "collect_batch.h"
#include "audit_pass.h"
#include "progress.h"
#include "run.h"
#include "run_plan.h"
#include "shared_headers.h"

/* Runs the plan's batches; `done`, the units collected before. */
static int run_batches(audit *a, run_plan *p, progress *bar, size_t done)
{
	runner r;
	run_outcome o;
	int got, isolate;

	if (run_open(&r, a, &p->batches)) {
		run_close(&r);
		return cli_error("out of memory");
	}
	while ((got = run_next(&r, &o)) > 0) {
		if (audit_collect_batch(a, &o, p->keys ? p->keys[o.b.first]
						       : NULL, &isolate) ||
		    (isolate && run_isolate(&r, &o.b))) {
			got = cli_error("out of memory");
			break;
		}
		/* units queued again are done when their runs are */
		if (!o.retried && !isolate)
			done += o.b.count;
		/* A header's finding counts once, as in the report. */
		if (bar->on)
			audit_sort_findings(a);
		progress_update(bar, done, a->findings.count);
	}
	run_close(&r);
	return got ? CLI_FAIL : CLI_OK;
}

/* The units that write the names of shared headers run first, alone
 * (share/shared_headers.h); then the others. */
static int run_all(audit *a, run_plan *p, progress *bar, size_t done)
{
	run_plan first = { { NULL, 0, 0 }, NULL, { NULL, 0, 0 } };
	int res;

	if (!a->shared)
		return run_batches(a, p, bar, done);
	if (share_split_batches(a, &p->batches, &first.batches))
		return cli_error("out of memory");
	res = run_batches(a, &first, bar, done);
	done += first.batches.count;
	run_plan_free(&first);
	if (res == CLI_OK) {
		share_check_names(a);
		res = run_batches(a, p, bar, done);
	}
	return res;
}

int audit_pass(audit *a)
{
	run_plan p;
	progress bar;
	long replayed = 0;
	int res;

	progress_init(&bar, a->opt.progress, a->tus.count);
	if (audit_plan_runs(a, &p) ||
	    (replayed = audit_collect_replayed(a, &p)) < 0)
		res = cli_error("out of memory");
	/* With --cache, clang-tidy is tried only when a unit must run: a
	 * stored result proves the pair loaded. */
	else if (a->cache && p.batches.count && audit_check_tidy(a))
		res = CLI_FAIL;
	else
		res = run_all(a, &p, &bar, (size_t)replayed);
	progress_end(&bar);
	run_plan_free(&p);
	return res;
}
