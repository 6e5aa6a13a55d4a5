/* run_plan.c: the plan of the run (run_plan.h): batches, and with
 * --cache each unit's key and the results the cache holds. */
#include <stdlib.h>

#include "run_plan.h"

int run_plan_add_unit(run_plan *p, size_t unit)
{
	batch *b = AUDIT_PUSH(&p->batches);

	if (!b)
		return -1;
	*b = (batch){ unit, 1, 0, 0 };
	return 0;
}

/* Unit i's key, and its stored result when there is one: 1 a hit, 0
 * none, -1 out of memory. */
static int look_up(audit *a, run_plan *p, size_t i)
{
	audit_tu *tu = &a->tus.items[i];
	plan_hit *hit;
	char *text;
	cache_result r;

	if (!tu->has_inputs &&
	    !cache_preprocessed_digest(tu, a->clang_no_default_config,
				       a->opt.timeout_s, tu->inputs))
		tu->has_inputs = 2;
	if (audit_cache_key(a->cache, tu, p->keys[i])) {
		a->cache->uncached++;
		return 0;
	}
	if (audit_cache_lookup(a->cache, p->keys[i], &text, &r))
		return 0;
	if (!(hit = AUDIT_PUSH(&p->hits))) {
		free(text);
		return -1;
	}
	*hit = (plan_hit){ i, text, r };
	return 1;
}

static int plan_cached(audit *a, run_plan *p)
{
	if (!(p->keys = calloc(a->tus.count ? a->tus.count : 1,
			       sizeof(*p->keys))))
		return -1;
	for (size_t i = 0; i < a->tus.count; i++) {
		int hit = look_up(a, p, i);

		if (hit < 0)
			return -1;
		if (hit)
			continue;
		a->cache->misses += p->keys[i][0] != '\0';
		if (run_plan_add_unit(p, i))
			return -1;
	}
	return 0;
}

int audit_plan_runs(audit *a, run_plan *p)
{
	*p = (run_plan){ { NULL, 0, 0 }, NULL, { NULL, 0, 0 } };
	return a->cache ? plan_cached(a, p)
			: batch_plan(a, a->opt.njobs, &p->batches);
}

void run_plan_free(run_plan *p)
{
	for (size_t i = 0; i < p->hits.count; i++)
		free(p->hits.items[i].entry);
	free(p->hits.items);
	free(p->batches.items);
	free(p->keys);
	*p = (run_plan){ { NULL, 0, 0 }, NULL, { NULL, 0, 0 } };
}
