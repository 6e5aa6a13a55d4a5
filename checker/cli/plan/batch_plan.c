/* batch_plan.c: cuts the units into batches by their expected cost and
 * orders them costliest first. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch_plan.h"

/* What every unit costs before its own code: the headers it reads (a
 * C unit of Linux user space reads some 50 to 200 KiB of them). */
enum { UNIT_BASE_COST = 96 * 1024 };

static double unit_cost(const audit_tu *tu)
{
	struct stat st;

	return UNIT_BASE_COST + (stat(tu->file, &st) ? 0.0 : (double)st.st_size);
}

static int by_dir_then_file(const void *x, const void *y)
{
	const audit_tu *a = x, *b = y;
	int c = strcmp(a->dir, b->dir);

	return c ? c : strcmp(a->file, b->file);
}

static int costliest_first(const void *x, const void *y)
{
	const batch *a = x, *b = y;

	if (a->cost != b->cost)
		return a->cost < b->cost ? 1 : -1;
	return a->first < b->first ? -1 : a->first > b->first;
}

int batch_plan(audit *a, unsigned njobs, batch_queue *out)
{
	size_t n = a->tus.count;
	double *cost = malloc((n ? n : 1) * sizeof(*cost)), total = 0, target;

	if (!cost)
		return -1;
	/* qsort of no items may not be given their NULL array. */
	if (n)
		qsort(a->tus.items, n, sizeof(audit_tu), by_dir_then_file);
	for (size_t i = 0; i < n; i++)
		total += cost[i] = unit_cost(&a->tus.items[i]);
	target = total / (4.0 * (njobs ? njobs : 1));
	for (size_t i = 0; i < n;) {
		batch *b = AUDIT_PUSH(out);
		size_t k = i + 1;
		double sum = cost[i];

		if (!b) {
			free(cost);
			return -1;
		}
		while (k < n && k - i < MAX_BATCH &&
		       !strcmp(a->tus.items[k].dir, a->tus.items[i].dir) &&
		       sum + cost[k] <= target)
			sum += cost[k++];
		*b = (batch){ i, k - i, 0, sum };
		i = k;
	}
	free(cost);
	if (out->count)
		qsort(out->items, out->count, sizeof(batch), costliest_first);
	return 0;
}
