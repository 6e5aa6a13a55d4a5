/* test_query.c: the command line's queries: explain a flag, decode a
 * number as an argument reads it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

static fs_rules *rules;
static char text[4096];

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	*state = rules;
	return 0;
}

static const char *decode(const char *func, const char *param,
			  int64_t value, fs_query_status want)
{
	char *out = NULL;

	assert_int_equal(fs_query_decode(rules, func, param, value, &out),
			 want);
	if (!out)
		return NULL;
	snprintf(text, sizeof(text), "%s", out);
	free(out);
	return text;
}

static const char *explain(const char *name)
{
	char *out = NULL;

	assert_int_equal(fs_query_explain(rules, name, &out), FS_QUERY_OK);
	snprintf(text, sizeof(text), "%s", out);
	free(out);
	return text;
}

static void decode_by_name_and_position(void **state)
{
	(void)state;
	assert_string_equal(decode("open", "flags", 01101, FS_QUERY_OK),
			    "O_WRONLY | O_CREAT | O_TRUNC");
	assert_string_equal(decode("open", "1", 01101, FS_QUERY_OK),
			    "O_WRONLY | O_CREAT | O_TRUNC");
	assert_string_equal(decode("open64", "mode", 0600, FS_QUERY_OK),
			    "S_IRUSR | S_IWUSR");
}

static void decode_unknown_bits(void **state)
{
	(void)state;
	assert_string_equal(decode("open", "flags", 01 | 0x8, FS_QUERY_OK),
			    "O_WRONLY | unknown 0x8");
	assert_string_equal(decode("open_how", "resolve", 0x40, FS_QUERY_OK),
			    "unknown 0x40");
}

static void decode_special_values(void **state)
{
	(void)state;
	assert_string_equal(decode("open", "flags", 0, FS_QUERY_OK),
			    "0 (no flags)");
	assert_string_equal(decode("open", "flags", -1, FS_QUERY_OK),
			    "-1 (negative: sets every bit)");
	assert_string_equal(decode("open", "flags", -2, FS_QUERY_OK),
			    "-2 (negative: sets every bit but 0x1)");
}

static void decode_each_when_rule(void **state)
{
	(void)state;
	assert_string_equal(decode("fcntl", "arg", 1, FS_QUERY_OK),
			    "when cmd is F_GETFD,F_SETFD: FD_CLOEXEC\n"
			    "when cmd is F_SETFL: O_WRONLY\n"
			    "when cmd is F_DUPFD,F_DUPFD_CLOEXEC: "
			    "1 (a number, not flags)");
}

static void decode_field(void **state)
{
	(void)state;
	assert_string_equal(decode("open_how", "resolve", 0x9, FS_QUERY_OK),
			    "RESOLVE_NO_XDEV | RESOLVE_BENEATH");
}

static void decode_unknown_names(void **state)
{
	(void)state;
	assert_null(decode("nope", "flags", 1, FS_QUERY_UNKNOWN_NAME));
	assert_string_equal(decode("open", "flag", 1, FS_QUERY_UNKNOWN_PARAM),
			    "flags(1), mode(2)");
	assert_string_equal(decode("open", "3", 1, FS_QUERY_UNKNOWN_PARAM),
			    "flags(1), mode(2)");
	assert_string_equal(decode("open_how", "x", 1, FS_QUERY_UNKNOWN_PARAM),
			    "flags, resolve, mode");
}

static void explain_misplaced_meaning(void **state)
{
	(void)state;
	explain("AT_REMOVEDIR");
	assert_non_null(strstr(text, "AT_REMOVEDIR: namespace AT (AT_*)\n"
				     "value: 0x200 (x86-64)\n"));
	assert_non_null(strstr(text, "misplaced in O_* flags it means: "
				     "O_TRUNC\n"));
	assert_non_null(strstr(text, "accepted by: no call or field"));
}

static void explain_sites_and_equivalents(void **state)
{
	(void)state;
	explain("AT_SYMLINK_NOFOLLOW");
	assert_non_null(strstr(text, "accepted by: fstatat() flags(3), "
				     "faccessat() flags(3)\n"));
	assert_non_null(strstr(text, "equivalent: O_NOFOLLOW where O_* is "
				     "expected (certain: offered as a fix) "
				     "(covers the trailing symlink)\n"));
	assert_non_null(strstr(text, "equivalent: RESOLVE_NO_SYMLINKS where "
				     "RESOLVE_* is expected (covers every "
				     "component)\n"));
}

static void explain_when_and_fields(void **state)
{
	(void)state;
	explain("O_NONBLOCK");
	assert_non_null(strstr(text, "fcntl() arg(2) when cmd is F_SETFL"));
	assert_non_null(strstr(text, "struct open_how.flags\n"));
	assert_non_null(strstr(text, "legacy spellings: O_NDELAY\n"));
}

static void explain_deprecated(void **state)
{
	(void)state;
	explain("O_NDELAY");
	assert_non_null(strstr(text, "deprecated: write O_NONBLOCK instead "
				     "(BSD spelling)\n"));
}

static void explain_unknown(void **state)
{
	char *out = (char *)"untouched";

	(void)state;
	assert_int_equal(fs_query_explain(rules, "O_NOPE", &out),
			 FS_QUERY_UNKNOWN_NAME);
	assert_null(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decode_by_name_and_position),
		cmocka_unit_test(decode_unknown_bits),
		cmocka_unit_test(decode_special_values),
		cmocka_unit_test(decode_each_when_rule),
		cmocka_unit_test(decode_field),
		cmocka_unit_test(decode_unknown_names),
		cmocka_unit_test(explain_misplaced_meaning),
		cmocka_unit_test(explain_sites_and_equivalents),
		cmocka_unit_test(explain_when_and_fields),
		cmocka_unit_test(explain_deprecated),
		cmocka_unit_test(explain_unknown),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
