/* test_tidy_collect.c: a clang-tidy run read from its --export-fixes
 * YAML alone (checker/cli/collect/tidy_yaml.c, tidy_collect.c): findings
 * with their place counted from the byte offset in the file, notes,
 * fix-its and compile errors; a driver error with no place is left to
 * the failed run's output; a header's finding analysed twice keeps the
 * fix-it of the analysis without compile errors; a YAML that cannot be
 * read adds nothing (test_tidy_yaml.c has the reader). Before, each run was
 * read twice (its text output and this YAML) and joined on file, line,
 * column, check and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "collect.h"
#include "fix.h"
#include "unit_helpers.h"

static const char source[] =
	"#include <fcntl.h>\n"
	"int f(const char *p) {\n"
	"  int fl = AT_SYMLINK_NOFOLLOW;\n"
	"  return open(p, fl) + fcntl(0, F_SETFD, O_CLOEXEC) + nope;\n"
	"}\n";

/* As clang-tidy 14 to 22 write it (22 adds Ranges, skipped). */
static const char yaml[] =
	"---\n"
	"MainSourceFile:  'a.c'\n"
	"Diagnostics:\n"
	"  - DiagnosticName:  flagspace-wrong-namespace\n"
	"    DiagnosticMessage:\n"
	"      Message:         'AT_SYMLINK_NOFOLLOW is from the AT_* "
	"namespace, not O_* [misbehaves]'\n"
	"      FilePath:        'a.c'\n"
	"      FileOffset:      53\n"
	"      Replacements:    []\n"
	"      Ranges:\n"
	"        - FilePath:        'a.c'\n"
	"          FileOffset:      53\n"
	"          Length:          19\n"
	"    Notes:\n"
	"      - Message:         flag passed here\n"
	"        FilePath:        'a.c'\n"
	"        FileOffset:      91\n"
	"        Replacements:    []\n"
	"    Level:           Warning\n"
	"  - DiagnosticName:  flagspace-wrong-namespace\n"
	"    DiagnosticMessage:\n"
	"      Message:         'O_CLOEXEC is from the O_* namespace, not FD_*'\n"
	"      FilePath:        'a.c'\n"
	"      FileOffset:      115\n"
	"      Replacements:\n"
	"        - FilePath:        'a.c'\n"
	"          Offset:          115\n"
	"          Length:          9\n"
	"          ReplacementText: FD_CLOEXEC\n"
	"    Level:           Warning\n"
	"  - DiagnosticName:  clang-diagnostic-error\n"
	"    DiagnosticMessage:\n"
	"      Message:         'use of undeclared identifier ''nope'''\n"
	"      FilePath:        'a.c'\n"
	"      FileOffset:      128\n"
	"      Replacements:    []\n"
	"    Level:           Error\n"
	"  - DiagnosticName:  clang-diagnostic-error\n"
	"    DiagnosticMessage:\n"
	"      Message:         'unknown argument: ''-mfoo'''\n"
	"      FilePath:        ''\n"
	"      FileOffset:      0\n"
	"      Replacements:    []\n"
	"    Level:           Error\n"
	"...\n";

static char dir[] = "/tmp/flagspace-tidy-collect-XXXXXX";
static char path[64];

static int setup(void **state)
{
	FILE *f;

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/a.c", dir);
	if (!(f = fopen(path, "w")))
		return -1;
	fputs(source, f);
	return fclose(f);
}

static int teardown(void **state)
{
	(void)state;
	unlink(path);
	return rmdir(dir);
}

/* Reads `text` as a run in the test's directory; why it could not, in
 * `why`. */
static char why[256];

static int collect(audit *a, const char *text, const struct timespec *now)
{
	why[0] = '\0';
	return audit_collect_run(a, text, strlen(text), dir, now, why,
				 sizeof(why));
}

static void one_record_read(void **state)
{
	struct timespec now;
	audit a;
	const audit_finding *f;

	(void)state;
	memset(&a, 0, sizeof(a));
	clock_gettime(CLOCK_REALTIME, &now);
	assert_int_equal(collect(&a, yaml, &now), 0);
	assert_int_equal(a.findings.count, 2);
	f = &a.findings.items[0];
	assert_string_equal(f->file, path);
	assert_int_equal(f->line, 3);
	assert_int_equal(f->col, 12);
	assert_string_equal(f->severity, "warning");
	/* The consequence is read from the message's end and taken off. */
	assert_string_equal(f->message, "AT_SYMLINK_NOFOLLOW is from the AT_* "
			    "namespace, not O_*");
	assert_int_equal(f->consequence, FS_CONSEQUENCE_MISBEHAVES);
	assert_int_equal(f->notes.count, 1);
	assert_int_equal(f->notes.items[0].line, 4);
	assert_int_equal(f->notes.items[0].col, 18);
	assert_string_equal(f->notes.items[0].message, "flag passed here");
	assert_int_equal(f->fix.count, 0);
	f = &a.findings.items[1];
	/* A message without one: the worst. */
	assert_string_equal(f->message, "O_CLOEXEC is from the O_* namespace, "
			    "not FD_*");
	assert_int_equal(f->consequence, FS_CONSEQUENCE_FAILS);
	assert_int_equal(f->line, 4);
	assert_int_equal(f->col, 42);
	assert_int_equal(f->fix.count, 1);
	assert_string_equal(f->fix.items[0].file, path);
	assert_int_equal(f->fix.items[0].offset, 115);
	assert_string_equal(f->fix.items[0].text, "FD_CLOEXEC");
	/* the file a fix-it edits is hashed as analysed */
	assert_non_null(fix_seen_of(a.fixes, path));
	/* the driver's error has no place: not a compile error of a file */
	assert_int_equal(a.compile_errors.count, 1);
	assert_int_equal(a.compile_errors.items[0].line, 4);
	assert_int_equal(a.compile_errors.items[0].col, 55);
	assert_string_equal(a.compile_errors.items[0].text,
			    "use of undeclared identifier 'nope'");
	audit_free(&a);
}

/* A fix-it with an edit cut short is dropped; its finding stays. */
static void incomplete_fix_dropped(void **state)
{
	struct timespec now = { 0, 0 };
	audit a;

	(void)state;
	memset(&a, 0, sizeof(a));
	assert_int_equal(collect(&a,
		"Diagnostics:\n"
		"  - DiagnosticName:  flagspace-wrong-namespace\n"
		"    DiagnosticMessage:\n"
		"      Message:         x\n"
		"      FilePath:        'a.c'\n"
		"      FileOffset:      0\n"
		"      Replacements:\n"
		"        - Offset:          115\n"
		"          Length:          9\n"
		"    Level:           Warning\n", &now), 0);
	assert_int_equal(a.findings.count, 1);
	assert_int_equal(a.findings.items[0].fix.count, 0);
	audit_free(&a);
}

/* A header's finding from a unit with compile errors and from a clean
 * one: reported once, with the clean analysis's fix-it. */
static void clean_fix_kept(void **state)
{
	struct timespec now;
	audit a;

	(void)state;
	memset(&a, 0, sizeof(a));
	clock_gettime(CLOCK_REALTIME, &now);
	assert_int_equal(collect(&a, yaml, &now), 0);
	for (size_t i = 0; i < a.findings.count; i++)
		a.findings.items[i].fix_with_errors = 1;
	assert_int_equal(collect(&a, yaml, &now), 0);
	assert_int_equal(a.findings.count, 4);
	audit_sort_findings(&a);
	assert_int_equal(a.findings.count, 2);
	assert_int_equal(a.findings.items[1].fix.count, 1);
	assert_false(a.findings.items[1].fix_with_errors);
	audit_free(&a);
}

/* A YAML that cannot be read (cut short here) adds nothing, not even the
 * findings before the place it names. */
static void unreadable_adds_nothing(void **state)
{
	struct timespec now = { 0, 0 };
	char cut[sizeof(yaml)];
	audit a;

	(void)state;
	memset(&a, 0, sizeof(a));
	snprintf(cut, sizeof(cut), "%.*s", (int)(strstr(yaml, "'O_CLOEXEC") -
						 yaml + 4), yaml);
	assert_int_equal(collect(&a, cut, &now), 1);
	assert_string_equal(why, "22:28: found unexpected end of stream (while "
				 "scanning a quoted scalar from 22:24)");
	assert_int_equal(a.findings.count, 0);
	assert_int_equal(a.compile_errors.count, 0);
	audit_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_record_read),
		cmocka_unit_test(incomplete_fix_dropped),
		cmocka_unit_test(clean_fix_kept),
		cmocka_unit_test(unreadable_adds_nothing),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
