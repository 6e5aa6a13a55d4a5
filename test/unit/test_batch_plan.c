/* test_batch_plan.c: how audit cuts the units into clang-tidy runs
 * (checker/cli/plan/batch_plan.c): batches of one directory each, sized
 * by cost, a file's many configurations spread over several batches (on
 * lxc, 1578 commands for 86 files made one batch that ran alone at the
 * end), and the costliest batch first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "batch_plan.h"
#include "unit_helpers.h"

static void add_unit(audit *a, const char *dir, const char *file)
{
	audit_tu *tu = AUDIT_PUSH(&a->tus);

	assert_non_null(tu);
	tu->dir = strdup(dir);
	tu->file = strdup(file);
}

/* Every unit is in exactly one batch, and a batch's units share their
 * directory. */
static void assert_partition(const audit *a, const batch_queue *q)
{
	size_t seen = 0;

	for (size_t i = 0; i < q->count; i++) {
		const batch *b = &q->items[i];

		assert_true(b->count >= 1 && b->count <= MAX_BATCH);
		for (size_t k = 1; k < b->count; k++)
			assert_string_equal(a->tus.items[b->first + k].dir,
					    a->tus.items[b->first].dir);
		seen += b->count;
	}
	assert_int_equal(seen, a->tus.count);
}

static void many_configurations_are_split(void **state)
{
	audit a;
	batch_queue q = { 0 };
	size_t batches_of_big = 0;

	(void)state;
	memset(&a, 0, sizeof(a));
	for (int i = 0; i < 40; i++)
		add_unit(&a, "/src", "/src/big.c");
	add_unit(&a, "/src", "/src/a.c");
	add_unit(&a, "/src", "/src/b.c");
	add_unit(&a, "/other", "/other/c.c");
	assert_int_equal(batch_plan(&a, 2, &q), 0);
	assert_partition(&a, &q);
	for (size_t i = 0; i < q.count; i++)
		batches_of_big += !strcmp(a.tus.items[q.items[i].first].file,
					  "/src/big.c");
	/* 43 units over 2 workers: batches of about 43 / 8 units. */
	assert_true(batches_of_big >= 6);
	free(q.items);
	audit_free(&a);
}

static void costliest_first(void **state)
{
	char dir[] = "/tmp/flagspace-batch-plan-XXXXXX", big[64], small[64];
	audit a;
	batch_queue q = { 0 };
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(big, sizeof(big), "%s/z_big.c", dir);
	snprintf(small, sizeof(small), "%s/a_small.c", dir);
	assert_non_null(f = fopen(big, "w"));
	for (int i = 0; i < 200000; i++)
		fputs("int x;\n", f);
	fclose(f);
	memset(&a, 0, sizeof(a));
	for (int i = 0; i < 8; i++)
		add_unit(&a, dir, small);
	add_unit(&a, dir, big);
	assert_int_equal(batch_plan(&a, 1, &q), 0);
	assert_partition(&a, &q);
	/* Sorted by file, the big one is last; it runs first. */
	assert_string_equal(a.tus.items[q.items[0].first].file, big);
	for (size_t i = 1; i < q.count; i++)
		assert_true(q.items[i - 1].cost >= q.items[i].cost);
	unlink(big);
	rmdir(dir);
	free(q.items);
	audit_free(&a);
}

/* Every unit skipped (prefilter, shard): no batch, and no qsort of a NULL
 * array (UBSan's complaint). */
static void no_units(void **state)
{
	audit a;
	batch_queue q = { 0 };

	(void)state;
	memset(&a, 0, sizeof(a));
	assert_int_equal(batch_plan(&a, 2, &q), 0);
	assert_int_equal(q.count, 0);
	free(q.items);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(no_units),
		cmocka_unit_test(many_configurations_are_split),
		cmocka_unit_test(costliest_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
