/* share_batches.c: the runs that write the names come first. A unit
 * reading its headers from a PCH needs the names that they make carry
 * (checker/runner/SharedHeaders.h), written by the run of the unit that
 * reads the same headers itself: that unit runs alone, before the
 * others. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shared_headers.h"

static int push(batch_queue *q, size_t first, size_t count, double cost)
{
	batch *b;

	if (!count)
		return 0;
	if (!(b = AUDIT_PUSH(q)))
		return -1;
	*b = (batch){ first, count, 0, cost };
	return 0;
}

/* Splits b around its units that write names: those go to *names, one
 * a batch, the rest to *rest. */
static int split(const audit *a, const batch *b, batch_queue *names,
		 batch_queue *rest)
{
	size_t start = b->first, end = b->first + b->count;
	double each = b->count ? b->cost / (double)b->count : 0;

	for (size_t i = b->first; i < end; i++) {
		if (a->tus.items[i].pch_role != PCH_NAMES)
			continue;
		if (push(rest, start, i - start, each * (double)(i - start)) ||
		    push(names, i, 1, each))
			return -1;
		start = i + 1;
	}
	return push(rest, start, end - start, each * (double)(end - start));
}

int share_split_batches(const audit *a, batch_queue *all, batch_queue *names)
{
	batch_queue rest = { NULL, 0, 0 };
	int res = 0;

	memset(names, 0, sizeof(*names));
	for (size_t k = 0; k < all->count && !res; k++)
		res = split(a, &all->items[k], names, &rest);
	if (res) {
		free(rest.items);
		return -1;
	}
	free(all->items);
	*all = rest;
	return 0;
}

/* A unit whose names were not written (its run failed) leaves its PCH's
 * units reading their headers themselves. */
void share_check_names(audit *a)
{
	for (size_t i = 0; i < a->tus.count; i++) {
		audit_tu *tu = &a->tus.items[i];
		char path[PATH_MAX];

		if (tu->pch_role != PCH_READS)
			continue;
		snprintf(path, sizeof(path), "%s.names", tu->pch);
		if (access(path, R_OK)) {
			tu->pch_role = PCH_NONE;
			a->shared--;
		}
	}
}
