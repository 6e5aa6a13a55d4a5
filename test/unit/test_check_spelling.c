/* test_check_spelling.c: fs_check_spelling's messages and fixes. */
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	add_clean_rules(rules,
		"namespace STATX prefix=STATX_\n"
		"STATX_BASIC_STATS 0x7ff\n"
		"STATX_BTIME       0x800\n"
		"STATX_ALL         0xfff\n"
		"namespace MAP prefix=MAP_\n"
		"MAP_FILE 0\n"
		"MAP_DENYWRITE 0x800\n"
		"deprecated STATX_ALL STATX_BASIC_STATS|STATX_BTIME\n"
		"deprecated MAP_FILE - reason=\"no-op compatibility flag\"\n"
		"deprecated MAP_DENYWRITE -\n");
	*state = rules;
	return 0;
}

#define EXPECT(name, text) \
	assert_string_equal(check_spelling_text(rules, name), text)

static void replacement_with_reason(void **state)
{
	(void)state;
	EXPECT("O_NDELAY", "1 flagspace-deprecated-flag 0:0 O_NDELAY is "
	       "deprecated; use O_NONBLOCK (BSD spelling) => O_NONBLOCK\n");
}

static void expression_replacement_is_parenthesized(void **state)
{
	(void)state;
	EXPECT("STATX_ALL", "1 flagspace-deprecated-flag 0:0 STATX_ALL is "
	       "deprecated; use STATX_BASIC_STATS|STATX_BTIME => "
	       "(STATX_BASIC_STATS|STATX_BTIME)\n");
}

static void flag_to_remove(void **state)
{
	(void)state;
	EXPECT("MAP_FILE", "1 flagspace-deprecated-flag 0:0 MAP_FILE is "
	       "deprecated and has no effect; remove it (no-op compatibility "
	       "flag)\n");
	EXPECT("MAP_DENYWRITE", "1 flagspace-deprecated-flag 0:0 MAP_DENYWRITE "
	       "is deprecated and has no effect; remove it\n");
}

static void not_deprecated(void **state)
{
	fs_findings f = { 0 };

	(void)state;
	EXPECT("O_NONBLOCK", "0 ");
	EXPECT("O_NOPE", "0 ");
	assert_int_equal(fs_check_spelling(NULL, "O_NDELAY", &f), 0);
	assert_int_equal(fs_check_spelling(rules, NULL, &f), 0);
}

/* A user's macro with a flag's name is the flag when it can be a value. */
static void user_definitions(void **state)
{
	static const struct {
		fs_macro_def def;
		int can_be_flag;
	} cases[] = {
		{ { 0, 0, 0 }, 1 },	/* the system header's */
		{ { 0, 1, 1 }, 1 },	/* a system header's, whatever it is */
		{ { 1, 0, 0 }, 1 },	/* a fallback: #define O_NDELAY 04000 */
		{ { 1, 0, 1 }, 0 },	/* mdadm: #define MAP_FILE "map" */
		{ { 1, 1, 0 }, 0 },	/* #define MAP_ANON(n) ... */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++)
		assert_int_equal(fs_macro_can_be_flag(&cases[i].def),
				 cases[i].can_be_flag);
	assert_int_equal(fs_macro_can_be_flag(NULL), 1);
}

/* What fs_check_spelling_at says of O_NDELAY written as `use` says. */
static int reported_as(const char *name, unsigned written,
		       const fs_macro_def *definition)
{
	fs_findings f = { 0 };
	fs_spelling use = { name, NULL, 0, written, definition };
	int res = fs_check_spelling_at(rules, &use, &f);

	assert_int_equal(f.count, (size_t)(res == 1));
	fs_findings_free(&f);
	return res;
}

static int reported_at(unsigned written, const fs_macro_def *definition)
{
	return reported_as("O_NDELAY", written, definition);
}

/* A name the code mentions rather than uses is left alone: in #if, made
 * into its string too, beside its name as a string, or a user's macro of
 * that name that cannot be the flag. */
static void mentions(void **state)
{
	static const fs_macro_def system = { 0, 0, 0 };
	static const fs_macro_def fallback = { 1, 0, 0 };
	static const fs_macro_def string = { 1, 0, 1 };

	(void)state;
	assert_int_equal(reported_at(0, NULL), 1);
	assert_int_equal(reported_at(0, &system), 1);
	assert_int_equal(reported_at(0, &fallback), 1);
	assert_int_equal(reported_at(FS_SPELLED_IN_CONDITION, NULL), 0);
	assert_int_equal(reported_at(FS_SPELLED_STRINGIZED, &system), 0);
	assert_int_equal(reported_at(FS_SPELLED_NAMED_ON_LINE, NULL), 0);
	assert_int_equal(reported_at(FS_SPELLED_STRINGIZED_BESIDE, &fallback), 0);
	assert_int_equal(reported_at(FS_SPELLED_IN_ASSERTION, NULL), 0);
	assert_int_equal(reported_at(FS_SPELLED_IN_CONDITION |
				     FS_SPELLED_NAMED_ON_LINE, NULL), 0);
	assert_int_equal(reported_at(0, &string), 0);
}

/* Compared (`x == MS_MGC_VAL`), a flag to remove is what the code tells
 * apart, not asks for; one to rename keeps its value when renamed. */
static void compared(void **state)
{
	(void)state;
	assert_int_equal(reported_as("MAP_DENYWRITE", FS_SPELLED_COMPARED,
				     NULL), 0);
	assert_int_equal(reported_as("MAP_DENYWRITE", 0, NULL), 1);
	assert_int_equal(reported_as("O_NDELAY", FS_SPELLED_COMPARED, NULL), 1);
}

static void a_later_load_replaces(void **state)
{
	fs_rules *own = rules_from(sample_rules);
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(own, "deprecated O_NDELAY O_NONBLOCK\n",
				   &log), 0);
	assert_string_equal(log.text, "");
	assert_string_equal(check_spelling_text(own, "O_NDELAY"),
		"1 flagspace-deprecated-flag 0:0 O_NDELAY is deprecated; use "
		"O_NONBLOCK => O_NONBLOCK\n");
	fs_rules_free(own);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(replacement_with_reason),
		cmocka_unit_test(expression_replacement_is_parenthesized),
		cmocka_unit_test(flag_to_remove),
		cmocka_unit_test(not_deprecated),
		cmocka_unit_test(user_definitions),
		cmocka_unit_test(mentions),
		cmocka_unit_test(compared),
		cmocka_unit_test(a_later_load_replaces),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
