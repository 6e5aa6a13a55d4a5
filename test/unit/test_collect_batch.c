/* test_collect_batch.c: what the collect stage makes of a run the run
 * stage hands back (checker/cli/collect/collect_batch.c): a batch of
 * several units whose run says what only a unit's own run can say (a
 * compile error, a failure, a YAML that cannot be read) is undone and
 * handed back to run unit by unit; a unit's own run is noted as it ended;
 * a run the run stage retried is not read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "collect_batch.h"
#include "tidy_yaml_text.h"
#include "unit_helpers.h"

static const char finding_and_error[] = "---\nDiagnostics:\n"
	DIAG("flagspace-wrong-namespace", "x", "/src/a.c", 1, "Warning")
	DIAG("clang-diagnostic-error", "undeclared", "/src/a.h", 5, "Error");

/* A temporary folder for a run's files, and an audit of `n` units. */
typedef struct fixture {
	char dir[64];
	audit a;
	run_outcome o;
} fixture;

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void set_up(fixture *t, size_t n, const char *yaml, const char *out)
{
	static const char *const files[] = { "/src/a.c", "/src/b.c" };

	memset(t, 0, sizeof(*t));
	snprintf(t->dir, sizeof(t->dir), "/tmp/fs-collect-XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	for (size_t i = 0; i < n; i++) {
		audit_tu *tu = AUDIT_PUSH(&t->a.tus);

		assert_non_null(tu);
		tu->dir = strdup("/src");
		tu->file = strdup(files[i]);
	}
	t->a.opt.timeout_s = 7;
	t->o.b = (batch){ 0, n, 0, 0 };
	t->o.end = FS_SPAWN_EXITED;
	snprintf(t->o.yaml, sizeof(t->o.yaml), "%s/job.yaml", t->dir);
	snprintf(t->o.out, sizeof(t->o.out), "%s/job.out", t->dir);
	snprintf(t->o.err, sizeof(t->o.err), "%s/job.err", t->dir);
	if (yaml)
		write_file(t->o.yaml, yaml);
	write_file(t->o.out, out);
	write_file(t->o.err, "");
}

static void tear_down(fixture *t)
{
	unlink(t->o.yaml);
	unlink(t->o.out);
	unlink(t->o.err);
	rmdir(t->dir);
	audit_free(&t->a);
}

/* Collects the fixture's run: whether collect isolates its units. */
static int collect_run(fixture *t)
{
	int isolate = -1;

	assert_int_equal(audit_collect_batch(&t->a, &t->o, NULL, &isolate), 0);
	return isolate;
}

/* Collects the run of `n` units that wrote `yaml` (NULL: none) and
 * `out`, exited with `code`: whether collect isolates its units. */
static int collect(fixture *t, size_t n, const char *yaml, const char *out,
		   int code)
{
	set_up(t, n, yaml, out);
	t->o.code = code;
	return collect_run(t);
}

/* The audit holds that many findings, compile errors and failures. */
static void holds(const fixture *t, size_t findings, size_t errors,
		  size_t failures)
{
	assert_int_equal(t->a.findings.count, findings);
	assert_int_equal(t->a.compile_errors.count, errors);
	assert_int_equal(t->a.failures.count, failures);
}

static void compile_error_of_a_batch_isolates_it(void **state)
{
	fixture t;

	(void)state;
	assert_int_equal(collect(&t, 2, finding_and_error, "", 1), 1);
	/* undone: the units' own runs say it again */
	holds(&t, 0, 0, 0);
	tear_down(&t);
}

static void compile_error_of_a_unit_is_its_own(void **state)
{
	fixture t;

	(void)state;
	assert_int_equal(collect(&t, 1, finding_and_error, "", 1), 0);
	holds(&t, 1, 1, 0);
	assert_true(t.a.findings.items[0].fix_with_errors);
	/* in a header: the error names the unit it broke */
	assert_string_equal(t.a.compile_errors.items[0].unit, "/src/a.c");
	tear_down(&t);
}

static void failure_names_its_first_error(void **state)
{
	static const char out[] = "error: unable to load plugin 'x.so'\n"
				  "1 error generated.\n";
	fixture t;

	(void)state;
	assert_int_equal(collect(&t, 2, NULL, out, 1), 1);
	holds(&t, 0, 0, 0);
	tear_down(&t);
	assert_int_equal(collect(&t, 1, NULL, out, 1), 0);
	holds(&t, 0, 0, 1);
	assert_string_equal(t.a.failures.items[0].text,
			    "error: unable to load plugin 'x.so'");
	tear_down(&t);
}

static void unreadable_yaml_is_a_failure_of_its_unit(void **state)
{
	static const char broken[] = "---\nDiagnostics: [\n";
	fixture t;

	(void)state;
	assert_int_equal(collect(&t, 2, broken, "", 0), 1);
	holds(&t, 0, 0, 0);
	tear_down(&t);
	assert_int_equal(collect(&t, 1, broken, "", 0), 0);
	holds(&t, 0, 0, 1);
	assert_non_null(strstr(t.a.failures.items[0].text,
			       "cannot read clang-tidy's --export-fixes YAML: "));
	tear_down(&t);
}

static void crash_and_hang_of_a_unit_are_noted(void **state)
{
	fixture t;

	(void)state;
	set_up(&t, 1, finding_and_error, "");
	t.o.end = FS_SPAWN_TIMED_OUT;
	assert_int_equal(collect_run(&t), 0);
	t.o.end = FS_SPAWN_SIGNALED;
	t.o.code = 11;
	assert_int_equal(collect_run(&t), 0);
	/* nothing of what it may have written is read */
	holds(&t, 0, 0, 2);
	assert_string_equal(t.a.failures.items[0].text, "timed out after 7 s");
	assert_string_equal(t.a.failures.items[1].text,
			    "clang-tidy crashed (signal 11)");
	tear_down(&t);
}

static void retried_run_is_not_read(void **state)
{
	fixture t;

	(void)state;
	set_up(&t, 2, finding_and_error, "");
	t.o.code = 1;
	t.o.retried = 1;
	assert_int_equal(collect_run(&t), 0);
	holds(&t, 0, 0, 0);
	tear_down(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(compile_error_of_a_batch_isolates_it),
		cmocka_unit_test(compile_error_of_a_unit_is_its_own),
		cmocka_unit_test(failure_names_its_first_error),
		cmocka_unit_test(unreadable_yaml_is_a_failure_of_its_unit),
		cmocka_unit_test(crash_and_hang_of_a_unit_are_noted),
		cmocka_unit_test(retried_run_is_not_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
