/* test_memo.c: fs_check_call_memo gives fs_check_call's findings, every
 * field of them, and answers again only for the very same facts. */
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	*state = rules;
	return 0;
}

/* Calls with findings of several kinds (fixes, several terms, a missing
 * mode, a raw syscall) and without. */
static const char *const calls[] = {
	"open(path, AT_SYMLINK_NOFOLLOW)",
	"open(path, !AT_SYMLINK_NOFOLLOW)",
	"open(path, !AT_SYMLINK_NOFOLLOW=0x200)",
	"open(path, O_RDONLY|AT_REMOVEDIR|AT_NO_AUTOMOUNT, 0)",
	"fstatat(fd, path, st, O_NOFOLLOW)",
	"open(path, O_CREAT)",
	"open(path, O_RDWR|O_CREAT|O_CLOEXEC, S_IRUSR|S_IWUSR)",
	"open(path, flags|AT_SYMLINK_NOFOLLOW)",
	"syscall(SYS_openat=257, fd, path, AT_SYMLINK_NOFOLLOW)",
	"close(fd)",
};
#define NCALLS (sizeof(calls) / sizeof(calls[0]))

/* What fs_check_call finds, every field. */
static char *direct(const char *target, const char *call,
		    const fs_outcome *outcome)
{
	const char *found = check_call_memo_text(NULL, rules, target, call,
						 outcome);
	char *text = malloc(strlen(found) + 1);

	assert_non_null(text);
	memcpy(text, found, strlen(found) + 1);
	return text;
}

static void same_findings_first_and_again(void **state)
{
	fs_memo *memo = fs_memo_new(64);

	(void)state;
	assert_non_null(memo);
	for (int round = 0; round < 2; round++) {
		for (size_t i = 0; i < NCALLS; i++) {
			char *want = direct(NULL, calls[i], NULL);
			size_t hits = fs_memo_hits(memo);

			assert_string_equal(check_call_memo_text(memo, rules,
								 NULL, calls[i],
								 NULL),
					    want);
			/* The second round is answered by the memo. */
			assert_int_equal(fs_memo_hits(memo), hits + round);
			free(want);
		}
	}
	fs_memo_free(memo);
}

/* A fact that differs is a different check: the fixability of a term,
 * its value, the target, the rules. */
static void different_facts_are_checked(void **state)
{
	fs_memo *memo = fs_memo_new(64);
	fs_rules *other = rules_from(sample_rules);
	const char *aarch64 = "aarch64-unknown-linux-gnu";
	char *want;

	(void)state;
	check_call_memo_text(memo, rules, NULL, "open(path, AT_SYMLINK_NOFOLLOW)",
			     NULL);
	want = direct(NULL, "open(path, !AT_SYMLINK_NOFOLLOW)", NULL);
	assert_string_equal(check_call_memo_text(memo, rules, NULL,
		"open(path, !AT_SYMLINK_NOFOLLOW)", NULL), want);
	free(want);
	want = direct(NULL, "open(path, !AT_SYMLINK_NOFOLLOW=0x200)", NULL);
	assert_string_equal(check_call_memo_text(memo, rules, NULL,
		"open(path, !AT_SYMLINK_NOFOLLOW=0x200)", NULL), want);
	free(want);
	want = direct(aarch64, "open(path, AT_SYMLINK_NOFOLLOW)", NULL);
	assert_string_equal(check_call_memo_text(memo, rules, aarch64,
		"open(path, AT_SYMLINK_NOFOLLOW)", NULL), want);
	free(want);
	/* A string literal is a fact too: the same flags, another path. */
	check_call_memo_text(memo, rules, NULL,
			     "open(\"/tmp/a\", AT_SYMLINK_NOFOLLOW)", NULL);
	check_call_memo_text(memo, rules, NULL,
			     "open(\"/tmp/b\", AT_SYMLINK_NOFOLLOW)", NULL);
	assert_int_equal(fs_memo_hits(memo), 0);
	check_call_memo_text(memo, other, NULL, "open(path, AT_SYMLINK_NOFOLLOW)",
			     NULL);
	assert_int_equal(fs_memo_hits(memo), 0);
	fs_memo_free(memo);
	fs_rules_free(other);
}

/* The outcome is part of the facts: an asserted EINVAL leaves out the
 * finding that predicts it, after the same call without it was kept. */
static void outcome_is_part_of_the_facts(void **state)
{
	fs_memo *memo = fs_memo_new(64);
	fs_outcome asserted = { { FS_CMP_EQ, -22, "EINVAL", 1, "EXPECT_EQ",
				  FS_PLACE_CODE }, { 0 } };
	const char *call = "fstatat(fd, path, st, O_NOFOLLOW)";
	char *without = direct(NULL, call, NULL);
	char *with = direct(NULL, call, &asserted);

	(void)state;
	/* The test is worth something only if the outcome changes them. */
	assert_string_not_equal(without, with);
	assert_string_equal(check_call_memo_text(memo, rules, NULL, call, NULL),
			    without);
	assert_string_equal(check_call_memo_text(memo, rules, NULL, call,
						 &asserted), with);
	assert_string_equal(check_call_memo_text(memo, rules, NULL, call,
						 &asserted), with);
	assert_string_equal(check_call_memo_text(memo, rules, NULL, call, NULL),
			    without);
	assert_int_equal(fs_memo_hits(memo), 2);
	free(without);
	free(with);
	fs_memo_free(memo);
}

/* Findings already in `out` stay, the memo's are appended. */
static void appends_to_what_is_there(void **state)
{
	fs_memo *memo = fs_memo_new(64);
	fs_findings f = { 0 };
	fs_value arg[2] = { { 0 } };
	fs_term term = { "AT_SYMLINK_NOFOLLOW", 0x100, 1, FS_TERM_FIXABLE };
	fs_call c = { "open", arg, 2, NULL, { { 0 }, { 0 } } };

	(void)state;
	arg[0].has_unknown = 1;
	arg[1] = term_value(&term);
	assert_int_equal(fs_check_call_memo(memo, rules, &c, &f), 0);
	assert_int_equal(f.count, 1);
	assert_int_equal(fs_check_call_memo(memo, rules, &c, &f), 0);
	assert_int_equal(f.count, 2);
	assert_int_equal(fs_memo_hits(memo), 1);
	assert_string_equal(f.items[0].message, f.items[1].message);
	assert_string_equal(f.items[0].fix, f.items[1].fix);
	/* Distinct copies: each is freed on its own. */
	assert_ptr_not_equal(f.items[0].message, f.items[1].message);
	fs_findings_free(&f);
	fs_memo_free(memo);
}

/* A full memo is emptied and keeps giving the right findings. */
static void full_memo_starts_again(void **state)
{
	fs_memo *memo = fs_memo_new(2);

	(void)state;
	for (int round = 0; round < 3; round++)
		for (size_t i = 0; i < NCALLS; i++) {
			char *want = direct(NULL, calls[i], NULL);

			assert_string_equal(check_call_memo_text(memo, rules,
								 NULL, calls[i],
								 NULL),
					    want);
			free(want);
		}
	fs_memo_clear(memo);
	fs_memo_free(memo);
	fs_memo_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_findings_first_and_again),
		cmocka_unit_test(different_facts_are_checked),
		cmocka_unit_test(outcome_is_part_of_the_facts),
		cmocka_unit_test(appends_to_what_is_there),
		cmocka_unit_test(full_memo_starts_again),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
