/* test_mode_string.c: flagspace-mode-string (check_mode_string.c): an
 * fopen() or popen() mode string whose letters the C library ignores or
 * refuses, with the built-in rules (rules/stdio.rules), and the
 * mode-string directive (rules_modestr.c). */
#include <stdio.h>
#include <string.h>

#include "platform_helpers.h"

/* A call and its findings in a unit built against glibc `glibc` (0: another
 * C library), "" for none. */
typedef struct mode_case {
	uint32_t glibc;
	const char *call, *findings;
} mode_case;

#define GLIBC V(2, 36, 0)
#define CHECK_CASES(cases) check_cases(cases, sizeof(cases) / sizeof(*cases))

static void check_cases(const mode_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++)
		assert_string_equal(with(cases[i].glibc, 0, cases[i].call),
				    cases[i].findings);
}

static void named_in_checks_def(void **state)
{
	(void)state;
	assert_string_equal(fs_check_name(FS_CHECK_MODE_STRING),
			    "flagspace-mode-string");
}

#define HEAD "flagspace-mode-string 1:* swap=* use=0 fails=- harms=0 " \
	"ignored "

static void second_access_letter_is_ignored(void **state)
{
	static const mode_case cases[] = {
		{ GLIBC, "fopen(p, \"rw\")", HEAD
		  "'w' in fopen() mode \"rw\" is ignored: only the first "
		  "letter says how the file is opened, and \"r\" opens it for "
		  "reading only, so writes fail with EBADF; use \"r+\" to read "
		  "and write it as it is, or \"w+\" to create or truncate "
		  "it\n" },
		/* The writes work as they are: "w+" only lets the reads
		 * work. */
		{ GLIBC, "fopen(p, \"wr\")", HEAD
		  "'r' in fopen() mode \"wr\" is ignored: only the first "
		  "letter says how the file is opened, and \"w\" opens it for "
		  "writing only, created or truncated, so reads fail with "
		  "EBADF; use \"w+\" to read it too => \"w+\"\n" },
		{ GLIBC, "fopen64(p, \"abr\")", HEAD
		  "'r' in fopen64() mode \"abr\" is ignored: only the first "
		  "letter says how the file is opened, and \"a\" opens it for "
		  "appending only, created if missing, so reads fail with "
		  "EBADF; use \"a+\" to read it too => \"ab+\"\n" },
		{ GLIBC, "fopen(p, \"r+w\")", HEAD
		  "'w' in fopen() mode \"r+w\" is ignored: only the first "
		  "letter says how the file is opened, and \"r+\" reads and "
		  "writes it without creating or truncating it; use \"w+\" to "
		  "create or truncate it\n" },
		{ GLIBC, "freopen(p, \"wa\", f)", HEAD
		  "'a' in freopen() mode \"wa\" is ignored: only the first "
		  "letter says how the file is opened, and \"w\" opens it for "
		  "writing only, created or truncated; use \"a\" to append to "
		  "it, creating it if missing\n" },
	};

	(void)state;
	CHECK_CASES(cases);
	assert_string_equal(last_consequences(), "ignored");
}

static void right_modes_are_silent(void **state)
{
	static const char *const modes[] = {
		"r", "rb", "r+", "w+", "ab+", "re", "rt", "rbe", "w+b", "wx",
		"w+x", "rm", "rce", "a+", "wb+", "w+r", "a+r", "rr", "w+w",
	};
	static const mode_case cases[] = {
		{ GLIBC, "fopen(p, m)", "" },
		{ GLIBC, "fmemopen(b, n, \"rb+\")", "" },
		/* Characters not printable, quotes and backslashes: not
		 * read. */
		{ GLIBC, "fopen(p, \"r\\w\")", "" },
	};
	char call[64];

	(void)state;
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		snprintf(call, sizeof(call), "fopen(p, \"%s\")", modes[i]);
		assert_string_equal(with(GLIBC, 0, call), "");
		snprintf(call, sizeof(call), "fdopen(fd, \"%s\")", modes[i]);
		assert_string_equal(with(GLIBC, 0, call), "");
	}
	CHECK_CASES(cases);
}

static void first_letter_fails(void **state)
{
	static const mode_case cases[] = {
		{ GLIBC, "fopen(p, \"+r\")",
		  "flagspace-mode-string 1:* swap=* use=0 fails=EINVAL harms=0 "
		  "fails fopen() mode \"+r\" starts with '+': fopen() fails "
		  "with EINVAL unless the mode starts with r, w or a\n" },
		{ GLIBC, "fdopen(fd, \"\")",
		  "flagspace-mode-string 1:* swap=* use=0 fails=EINVAL harms=0 "
		  "fails fdopen() mode \"\" is empty: fdopen() fails with "
		  "EINVAL unless the mode starts with r, w or a\n" },
	};

	(void)state;
	CHECK_CASES(cases);
}

static void exclusive_without_create(void **state)
{
	static const mode_case cases[] = {
		{ GLIBC, "fopen(p, \"rx\")", HEAD
		  "'x' in fopen() mode \"rx\" is ignored: it makes the open "
		  "fail where the file exists (O_EXCL), and \"r\" never "
		  "creates a file (on a block device in use, the open fails "
		  "with EBUSY); use \"wx\" to create a file that must not "
		  "exist\n" },
		/* fdopen() opens nothing: glibc and musl ignore its 'x'. */
		{ GLIBC, "fdopen(fd, \"rx\")", "" },
	};

	(void)state;
	CHECK_CASES(cases);
}

/* glibc reads 6 letters after the first: a '+' past them is not read. */
static void letters_past_those_read(void **state)
{
	(void)state;
	assert_string_equal(with(GLIBC, 0, "fopen(p, \"rbbbbbb+w\")"), HEAD
		"'w' in fopen() mode \"rbbbbbb+w\" is ignored: only the first "
		"letter says how the file is opened, and \"r\" opens it for "
		"reading only, so writes fail with EBADF; use \"r+\" to read "
		"and write it as it is, or \"w+\" to create or truncate it\n");
}

#define POPEN "flagspace-mode-string 1:* swap=* use=0 fails=EINVAL " \
	"harms=0 fails "
#define MUSL_READS "(musl's popen() reads the first letter only); use "

static void popen_is_strict_on_glibc(void **state)
{
	static const mode_case cases[] = {
		{ GLIBC, "popen(c, \"rb\")", POPEN
		  "'b' in popen() type \"rb\" makes glibc's popen() fail with "
		  "EINVAL: it takes no letter but r or w and e " MUSL_READS
		  "\"r\" => \"r\"\n" },
		{ GLIBC, "popen(c, \"r+\")", POPEN
		  "'+' in popen() type \"r+\" makes glibc's popen() fail with "
		  "EINVAL: it takes no letter but r or w and e " MUSL_READS
		  "one of r or w\n" },
		{ GLIBC, "popen(c, \"rw\")", POPEN
		  "popen() type \"rw\" has more than one of r or w: glibc's "
		  "popen() fails with EINVAL unless it has one " MUSL_READS
		  "one of r or w\n" },
		{ GLIBC, "popen(c, \"e\")", POPEN
		  "popen() type \"e\" has none of r or w: glibc's popen() fails "
		  "with EINVAL unless it has one " MUSL_READS "one of r or w\n" },
		{ GLIBC, "popen(c, \"rte\")", POPEN
		  "'t' in popen() type \"rte\" makes glibc's popen() fail with "
		  "EINVAL: it takes no letter but r or w and e " MUSL_READS
		  "\"re\" => \"re\"\n" },
		{ GLIBC, "popen(c, \"r\")", "" },
		{ GLIBC, "popen(c, \"we\")", "" },
		{ GLIBC, "popen(c, \"rr\")", "" },
		/* musl's popen() reads the first letter alone. */
		{ 0, "popen(c, \"rb\")", "" },
	};

	(void)state;
	CHECK_CASES(cases);
}

/* A wrapper's caller's literal, as the front end gives it in each inner
 * call the parameter reaches (fs_check_flows): a finding about the whole
 * string is the caller's, kept where every inner call finds it. */
static void through_wrappers(void **state)
{
	fs_value rw[2] = { { .has_unknown = 1 },
			   { .has_unknown = 1, .string = "wr" } };
	fs_value none[2] = { { .has_unknown = 1 }, { .has_unknown = 1 } };
	fs_flow flows[2] = {
		{ { "fopen", rw, 2, NULL, { 0 }, { 0 } }, 1, NULL },
		{ { "freopen", rw, 2, NULL, { 0 }, { 0 } }, 1, NULL },
	};
	fs_findings out = { 0 };

	(void)state;
	assert_int_equal(fs_check_flows(platform_rules, flows, 2, &out), 0);
	assert_int_equal(out.count, 1);
	assert_int_equal(out.items[0].check, FS_CHECK_MODE_STRING);
	assert_string_equal(out.items[0].fix, "\"w+\"");
	assert_true(out.items[0].fix_whole);
	fs_findings_free(&out);
	/* A flow where the parameter is no string the caller gives. */
	flows[1].call.args = none;
	assert_int_equal(fs_check_flows(platform_rules, flows, 2, &out), 0);
	assert_int_equal(out.count, 0);
	/* The front end reads the mode (and follows a wrapper's string
	 * into it), not the path. */
	assert_true(fs_rules_reads_argument(platform_rules, "fopen", NULL, 1));
	assert_true(fs_rules_reads_argument(platform_rules, "popen", NULL, 1));
	assert_true(fs_rules_reads_argument(platform_rules, "fmemopen", NULL, 2));
	assert_false(fs_rules_reads_argument(platform_rules, "fopen", NULL, 0));
	assert_false(fs_rules_reads_argument(platform_rules, "open", NULL, 0));
}

/* The directive's errors, at file:line:col. */
static void directive_errors(void **state)
{
	static const load_error_case cases[] = {
		{ "mode-string f mode(1) letters=b\n",
		  "t.rules:1:1: error: 'mode-string' needs first=: the letters "
		  "a mode may start with\n" },
		{ "mode-string f mode(1) first=rr\n",
		  "t.rules:1:30: error: 'first' must list printable letters, "
		  "each once\n" },
		{ "mode-string f mode(1) first=r reads=0\n",
		  "t.rules:1:37: error: expected a count from 1 to 64, not "
		  "'0'\n" },
		{ "mode-string f mode(1) first=r libc=musl\n",
		  "t.rules:1:36: error: libc must be glibc, not 'musl'\n" },
		{ "mode-string f mode(1) first=r\n"
		  "mode-string f mode(1) first=w\n",
		  "t.rules:2:13: error: this mode-string rule is already given "
		  "at t.rules:1:1\n" },
	};

	(void)state;
	check_load_errors(cases, sizeof(cases) / sizeof(*cases), fs_rules_new);
}

/* Every option of the directive, well written. */
static void directive_options(void **state)
{
	fs_rules *r = fs_rules_new();
	diag_log log = { { 0 }, 0, 0 };

	(void)state;
	assert_int_equal(load_text(r, "mode-string f,g mode(1) first=rwa "
				   "letters=\"+x\" reads=6 stop=\",\" strict "
				   "libc=glibc note=\"n\"\n", &log), 0);
	assert_true(fs_rules_knows_function(r, "g"));
	fs_rules_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(named_in_checks_def),
		cmocka_unit_test(second_access_letter_is_ignored),
		cmocka_unit_test(right_modes_are_silent),
		cmocka_unit_test(first_letter_fails),
		cmocka_unit_test(exclusive_without_create),
		cmocka_unit_test(letters_past_those_read),
		cmocka_unit_test(popen_is_strict_on_glibc),
		cmocka_unit_test(through_wrappers),
		cmocka_unit_test(directive_errors),
		cmocka_unit_test(directive_options),
	};

	return cmocka_run_group_tests(tests, setup_platform_rules,
					   free_state_rules);
}
