/* run_plan.h: what the plan stage hands the run stage: the batches of
 * units to run, each unit's cache key, and the units whose result the
 * cache holds (collected without a run). */
#ifndef FS_RUN_PLAN_H
#define FS_RUN_PLAN_H

#include <stddef.h>

#include "audit.h"
#include "batch_plan.h"
#include "cache.h"

/* A unit whose result the cache holds: its entry, read and checked. */
typedef struct plan_hit {
	size_t unit;		/* index into a->tus */
	char *entry;		/* the entry's bytes (malloc'd) */
	cache_result result;	/* its parts, pointing into entry */
} plan_hit;

typedef struct run_plan {
	batch_queue batches;	/* to run, in this order */
	char (*keys)[SHA256_HEX];	/* --cache: each unit's key, or "";
					   NULL without --cache */
	AUDIT_VEC(plan_hit) hits;	/* --cache: replayed, not run */
} run_plan;

/* Plans the run of a->tus. Without a cache: the batches of batch_plan.
 * With --cache (a->cache open): each unit's key; the units whose result
 * is stored become hits, every other unit a batch of its own, so that
 * what clang-tidy exports is that unit's (a batch exports a header's
 * finding once, for all its units). Returns 0, or -1 when out of
 * memory. */
int audit_plan_runs(audit *a, run_plan *p);
/* Plans unit `unit` to run alone after all (a hit whose stored YAML
 * cannot be read). Returns 0, or -1 when out of memory. */
int run_plan_add_unit(run_plan *p, size_t unit);
void run_plan_free(run_plan *p);

#endif
