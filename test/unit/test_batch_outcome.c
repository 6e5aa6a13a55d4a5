/* test_batch_outcome.c: reading a failed clang-tidy batch again
 * (checker/cli/collect/batch_verdict.c, checker/cli/run/unknown_args.c):
 * the reason given is clang's first error, never its count line; the arguments clang's driver names as
 * unknown are dropped from every unit's command, once; what a batch added
 * is undone before it runs again. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit.h"
#include "batch_verdict.h"
#include "unknown_args.h"
#include "collect.h"
#include "tidy_yaml_text.h"
#include "unit_helpers.h"

static void first_error_is_the_diagnostic(void **state)
{
	char buf[128];

	(void)state;
	audit_first_error("error: unknown argument: '-mfoo' "
			  "[clang-diagnostic-error]\n",
			  "1 error generated.\nError while processing a.c.\n",
			  buf, sizeof(buf));
	assert_string_equal(buf, "error: unknown argument: '-mfoo'");
	/* stderr's error when stdout has none, not the count line. */
	audit_first_error("", "2 errors generated.\nerror: cannot open "
			  "x.rules\n", buf, sizeof(buf));
	assert_string_equal(buf, "error: cannot open x.rules");
	audit_first_error(NULL, "\nSegmentation fault\n", buf, sizeof(buf));
	assert_string_equal(buf, "Segmentation fault");
	audit_first_error(NULL, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "");
}

static void add_unit(audit *a, const char *file, const char *const *args)
{
	audit_tu *tu = AUDIT_PUSH(&a->tus);

	assert_non_null(tu);
	tu->dir = strdup("/src");
	tu->file = strdup(file);
	for (size_t i = 0; args[i]; i++)
		*(char **)AUDIT_PUSH(&tu->args) = strdup(args[i]);
}

static void unknown_arguments_dropped_once(void **state)
{
	static const char *const gcc[] = { "gcc", "-mindirect-branch=thunk",
					   "-c", "a.c", NULL };
	static const char *const also[] = { "gcc", "-O2",
					    "-mindirect-branch=thunk", "-c",
					    "b.c", NULL };
	static const char *const named[] = { "-mindirect-branch=thunk", "-c",
					     NULL };
	const char *out = "error: unknown argument: '-mindirect-branch=thunk' "
			  "[clang-diagnostic-error]\n"
			  "error: unknown argument '-fnot-here'; did you mean "
			  "'-fno-here'?\n";
	audit a;
	strset known = { 0 };

	(void)state;
	memset(&a, 0, sizeof(a));
	add_unit(&a, "/src/a.c", gcc);
	add_unit(&a, "/src/b.c", also);
	add_unit(&a, "/src/c.c", named + 1);
	/* -fnot-here is in no command: only the other one counts. */
	assert_int_equal(audit_drop_unknown_args(&a, out, &known), 1);
	assert_int_equal(a.tus.items[0].args.count, 3);
	assert_string_equal(a.tus.items[1].args.items[2], "-c");
	assert_int_equal(a.tus.items[2].args.count, 1);
	assert_int_equal(a.dropped.count, 2);
	assert_string_equal(a.dropped.items[1].file, "/src/b.c");
	assert_string_equal(a.dropped.items[1].why, "unknown to clang");
	/* A batch that ran before the drop names it again: known, so the
	 * batch runs again, and nothing is noted twice. */
	assert_int_equal(audit_drop_unknown_args(&a, out, &known), 1);
	assert_int_equal(a.dropped.count, 2);
	/* An error that names no argument drops nothing. */
	assert_int_equal(audit_drop_unknown_args(&a, "error: invalid value "
						 "'c9' in '-std=c9'\n", &known),
			 0);
	strset_free(&known);
	audit_free(&a);
}

/* An unknown word -Xclang passed goes with its -Xclang: left alone, the
 * -Xclang would pass the next word on, and -Xclang -bogus -load -Xclang
 * x.so would become -Xclang -load -Xclang x.so, past the filter. */
static void unknown_passed_word_takes_its_xclang(void **state)
{
	static const char *const cmd[] = { "cc", "-Xclang", "-bogus", "-load",
					   "-Xclang", "x.so", "a.c", NULL };
	audit a;
	strset known = { 0 };

	(void)state;
	memset(&a, 0, sizeof(a));
	add_unit(&a, "/src/a.c", cmd);
	assert_int_equal(audit_drop_unknown_args(&a, "error: unknown "
						 "argument: '-bogus'\n",
						 &known), 1);
	assert_int_equal(a.tus.items[0].args.count, 5);
	assert_string_equal(a.tus.items[0].args.items[1], "-load");
	strset_free(&known);
	audit_free(&a);
}

/* Collects the run whose YAML is `yaml`, in /src. */
static int collect(audit *a, const char *yaml)
{
	struct timespec now = { 0, 0 };
	char why[256];

	return audit_collect_run(a, yaml, strlen(yaml), "/src", &now, why,
				 sizeof(why));
}

static void roll_back_undoes_a_batch(void **state)
{
	audit a;
	audit_mark m;

	(void)state;
	memset(&a, 0, sizeof(a));
	assert_int_equal(collect(&a, "---\nDiagnostics:\n"
		DIAG("flagspace-wrong-namespace", "x", "/src/a.c", 1, "Warning")),
		0);
	m = audit_mark_of(&a);
	assert_int_equal(collect(&a, "---\nDiagnostics:\n"
		DIAG("flagspace-wrong-field", "y", "/src/b.c", 3, "Warning")
		DIAG("clang-diagnostic-error", "z", "/src/b.h", 5, "Error")), 0);
	assert_int_equal(a.findings.count, 2);
	assert_int_equal(a.compile_errors.count, 1);
	audit_roll_back(&a, &m);
	assert_int_equal(a.findings.count, 1);
	assert_string_equal(a.findings.items[0].file, "/src/a.c");
	assert_int_equal(a.compile_errors.count, 0);
	audit_free(&a);
}

/* Warnings made errors (-Werror, -Werror=NAME) are no compile errors: a
 * run that exited 1 on them alone did not fail. A real error, an error
 * with no place (a broken rules file) or another status still does. */
static void werror_is_no_failure(void **state)
{
	audit a;
	audit_mark m;

	(void)state;
	memset(&a, 0, sizeof(a));
	m = audit_mark_of(&a);
	assert_int_equal(collect(&a, "---\nDiagnostics:\n"
		DIAG("clang-diagnostic-unused-function", "unused function",
		     "/src/a.c", 12, "Error")
		DIAG("clang-diagnostic-format-nonliteral", "format string",
		     "/src/a.h", 30, "Error")
		DIAG("clang-diagnostic-unused-variable", "unused", "/src/a.c",
		     40, "Warning")), 0);
	assert_int_equal(a.compile_errors.count, 0);
	assert_int_equal(a.werror, 2);
	assert_true(audit_failed_on_werror(&a, &m, 1));
	assert_false(audit_failed_on_werror(&a, &m, 2));
	audit_roll_back(&a, &m);
	assert_int_equal(a.werror, 0);
	assert_false(audit_failed_on_werror(&a, &m, 1));
	/* with a real error */
	assert_int_equal(collect(&a, "---\nDiagnostics:\n"
		DIAG("clang-diagnostic-unused-function", "unused function",
		     "/src/a.c", 12, "Error")
		DIAG("clang-diagnostic-error", "undeclared", "/src/a.c", 50,
		     "Error")), 0);
	assert_int_equal(a.compile_errors.count, 1);
	assert_false(audit_failed_on_werror(&a, &m, 1));
	audit_roll_back(&a, &m);
	/* with an error that has no place */
	assert_int_equal(collect(&a, "---\nDiagnostics:\n"
		DIAG("clang-diagnostic-unused-function", "unused function",
		     "/src/a.c", 12, "Error")
		DIAG("flagspace-wrong-namespace", "rules file broken", "", 0,
		     "Error")), 0);
	assert_int_equal(a.unplaced_errors, 1);
	assert_false(audit_failed_on_werror(&a, &m, 1));
	audit_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(first_error_is_the_diagnostic),
		cmocka_unit_test(unknown_arguments_dropped_once),
		cmocka_unit_test(unknown_passed_word_takes_its_xclang),
		cmocka_unit_test(roll_back_undoes_a_batch),
		cmocka_unit_test(werror_is_no_failure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
