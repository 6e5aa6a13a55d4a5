/* test_outcome.c: which tests of a call's outcome assert that it fails,
 * and which findings such an asserted failure explains. */
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "outcome.h"
#include "unit_helpers.h"

/* A comparison: `outcome <cmp> with`, with the constant's name. */
static fs_compare cmp(fs_cmp c, int64_t with, const char *name, int negated,
		      const char *macro, fs_cmp_place place)
{
	fs_compare x = { c, with, name, negated, macro, place };
	return x;
}

static const fs_compare none = { 0 };

/* "EINVAL", "any" (asserted, no errno named) or "no". */
static const char *verdict(fs_compare result, fs_compare error)
{
	fs_outcome o = { result, error };
	const char *e = "unset";

	if (!fs_outcome_asserts_failure(&o, &e))
		return "no";
	return e ? e : "any";
}

static void assertion_macros(void **state)
{
	(void)state;
	/* ASSERT_NE(setns(fd, CLONE_VM), 0); EXPECT_EQ(errno, EINVAL); */
	assert_string_equal(
		verdict(cmp(FS_CMP_NE, 0, NULL, 0, "ASSERT_NE", FS_PLACE_CODE),
			cmp(FS_CMP_EQ, 22, "EINVAL", 0, "EXPECT_EQ",
			    FS_PLACE_CODE)),
		"EINVAL");
	/* EXPECT_EQ(sys_openat2(...), -EINVAL) */
	assert_string_equal(
		verdict(cmp(FS_CMP_EQ, -22, "EINVAL", 1, "EXPECT_EQ",
			    FS_PLACE_CODE), none),
		"EINVAL");
	/* ASSERT_LT(ret, 0) alone: a failure, any errno. */
	assert_string_equal(verdict(cmp(FS_CMP_LT, 0, NULL, 0, "ASSERT_LT",
					FS_PLACE_CODE), none), "any");
	assert_string_equal(verdict(cmp(FS_CMP_EQ, -1, NULL, 0, "assert",
					FS_PLACE_CODE), none), "any");
	/* != 0 alone is no failure of a call that returns a descriptor. */
	assert_string_equal(verdict(cmp(FS_CMP_NE, 0, NULL, 0, "ASSERT_NE",
					FS_PLACE_CODE), none), "no");
	/* Tests for success. */
	assert_string_equal(
		verdict(cmp(FS_CMP_EQ, 0, NULL, 0, "ASSERT_EQ", FS_PLACE_CODE),
			cmp(FS_CMP_EQ, 22, "EINVAL", 0, "ASSERT_EQ",
			    FS_PLACE_CODE)),
		"no");
	assert_string_equal(
		verdict(cmp(FS_CMP_GE, 0, NULL, 0, "EXPECT_GE", FS_PLACE_CODE),
			cmp(FS_CMP_EQ, 22, "EINVAL", 0, "ASSERT_EQ",
			    FS_PLACE_CODE)),
		"no");
	/* errno alone: the result is not tested. */
	assert_string_equal(verdict(none, cmp(FS_CMP_EQ, 22, "EINVAL", 0,
					      "EXPECT_EQ", FS_PLACE_CODE)),
			    "no");
	/* A macro that is no assertion asserts nothing. */
	assert_string_equal(verdict(cmp(FS_CMP_EQ, -1, NULL, 0, "LIKELY",
					FS_PLACE_CODE), none), "no");
	/* ASSERT_NE(errno, EINVAL): the errno is not asserted. */
	assert_string_equal(
		verdict(cmp(FS_CMP_EQ, -1, NULL, 0, "ASSERT_EQ", FS_PLACE_CODE),
			cmp(FS_CMP_NE, 22, "EINVAL", 0, "ASSERT_NE",
			    FS_PLACE_CODE)),
		"any");
}

static void plain_conditions(void **state)
{
	(void)state;
	/* if (x(...) != -1 || errno != EINVAL) fail(); */
	assert_string_equal(
		verdict(cmp(FS_CMP_NE, -1, NULL, 0, NULL, FS_PLACE_CONDITION),
			cmp(FS_CMP_NE, 22, "EINVAL", 0, NULL,
			    FS_PLACE_CONDITION)),
		"EINVAL");
	/* if (sys_x(...) != -EINVAL) fail(); */
	assert_string_equal(verdict(cmp(FS_CMP_NE, -22, "EINVAL", 1, NULL,
					FS_PLACE_CONDITION), none), "EINVAL");
	/* if (fd != -1) ...: as often the success path. */
	assert_string_equal(verdict(cmp(FS_CMP_NE, -1, NULL, 0, NULL,
					FS_PLACE_CONDITION), none), "no");
	/* if (fd == -1 && errno == EINVAL) fallback(): handled. */
	assert_string_equal(
		verdict(cmp(FS_CMP_EQ, -1, NULL, 0, NULL, FS_PLACE_CODE),
			cmp(FS_CMP_EQ, 22, "EINVAL", 0, NULL, FS_PLACE_CODE)),
		"no");
	/* if (fd < 0) { if (errno != EINVAL) die(); fallback(); } */
	assert_string_equal(
		verdict(cmp(FS_CMP_LT, 0, NULL, 0, NULL, FS_PLACE_CONDITION),
			cmp(FS_CMP_NE, 22, "EINVAL", 0, NULL,
			    FS_PLACE_CONDITION)),
		"no");
	/* A test table's entry: { .how = ..., .err = -EINVAL } */
	assert_string_equal(verdict(cmp(FS_CMP_EQ, -22, "EINVAL", 1, NULL,
					FS_PLACE_TABLE), none), "EINVAL");
	assert_string_equal(verdict(cmp(FS_CMP_EQ, 0, NULL, 0, NULL,
					FS_PLACE_TABLE), none), "no");
}

/* Three findings: one failing with EINVAL, one with EOPNOTSUPP, one whose
 * harm needs success, one that says neither. */
static void add(fs_findings *f, const char *text, const char *fails,
		int harms)
{
	fs_buf b = { 0 };

	fs_buf_puts(&b, text);
	assert_int_equal(fs_findings_add(f, FS_CHECK_UNSUPPORTED_FLAG, 0, 0,
					 &b, NULL), 0);
	f->items[f->count - 1].fails_with = fails;
	f->items[f->count - 1].harms_on_success = harms;
}

static const char *kept(const fs_outcome *o, size_t from)
{
	static char text[256];
	fs_findings f = { 0 };

	add(&f, "einval", "EINVAL", 0);
	add(&f, "eopnotsupp", "EOPNOTSUPP", 0);
	add(&f, "mode0", NULL, 1);
	add(&f, "other", NULL, 0);
	fs_outcome_drop_explained(o, &f, from);
	text[0] = '\0';
	for (size_t i = 0; i < f.count; i++) {
		strcat(text, f.items[i].message);
		strcat(text, " ");
	}
	fs_findings_free(&f);
	return text;
}

static void explained_findings(void **state)
{
	fs_outcome einval = {
		cmp(FS_CMP_EQ, -22, "EINVAL", 1, "EXPECT_EQ", FS_PLACE_CODE),
		{ 0 }
	};
	fs_outcome any = {
		cmp(FS_CMP_LT, 0, NULL, 0, "ASSERT_LT", FS_PLACE_CODE), { 0 }
	};
	fs_outcome success = {
		cmp(FS_CMP_EQ, 0, NULL, 0, "ASSERT_EQ", FS_PLACE_CODE), { 0 }
	};

	(void)state;
	assert_string_equal(kept(&einval, 0), "eopnotsupp other ");
	assert_string_equal(kept(&any, 0), "other ");
	assert_string_equal(kept(&success, 0), "einval eopnotsupp mode0 other ");
	/* Findings before `from` belong to other sites. */
	assert_string_equal(kept(&any, 2), "einval eopnotsupp other ");
	assert_string_equal(kept(NULL, 0), "einval eopnotsupp mode0 other ");
}

/* The outcome matters to findings that predict a failure or need success,
 * and to no others: those are never dropped. */
static void outcome_matters(void **state)
{
	fs_outcome any = {
		cmp(FS_CMP_LT, 0, NULL, 0, "ASSERT_LT", FS_PLACE_CODE), { 0 }
	};
	fs_findings f = { 0 };

	(void)state;
	assert_false(fs_findings_outcome_matters(NULL));
	assert_false(fs_findings_outcome_matters(&f));
	add(&f, "other", NULL, 0);
	assert_false(fs_findings_outcome_matters(&f));
	/* The strongest assertion leaves such findings alone. */
	fs_outcome_drop_explained(&any, &f, 0);
	assert_int_equal(f.count, 1);
	add(&f, "mode0", NULL, 1);
	assert_true(fs_findings_outcome_matters(&f));
	fs_findings_clear(&f);
	add(&f, "other", NULL, 0);
	add(&f, "einval", "EINVAL", 0);
	assert_true(fs_findings_outcome_matters(&f));
	fs_findings_free(&f);
}

/* The engine's findings carry what they predict, and fs_check_call reads
 * the outcome. */
static void check_call_reads_the_outcome(void **state)
{
	fs_rules *rules = fs_rules_new();
	fs_term term = { "CLONE_VM", 0, 0, 0 };
	fs_value args[2] = { { NULL, 0, 1, NULL, 0 }, term_value(&term) };
	fs_call call = { "setns", args, 2, NULL, { { 0 }, { 0 } } };
	fs_findings f = { 0 };

	(void)state;
	assert_non_null(rules);
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	assert_int_equal(fs_check_call(rules, &call, &f), 0);
	assert_int_equal(f.count, 1);
	assert_string_equal(f.items[0].fails_with, "EINVAL");
	fs_findings_clear(&f);
	call.outcome.result = cmp(FS_CMP_NE, 0, NULL, 0, "ASSERT_NE",
				  FS_PLACE_CODE);
	call.outcome.error = cmp(FS_CMP_EQ, 22, "EINVAL", 0, "EXPECT_EQ",
				 FS_PLACE_CODE);
	assert_int_equal(fs_check_call(rules, &call, &f), 0);
	assert_int_equal(f.count, 0);
	call.outcome.error.with_name = "EBADF";
	assert_int_equal(fs_check_call(rules, &call, &f), 0);
	assert_int_equal(f.count, 1);
	fs_findings_free(&f);
	fs_rules_free(rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(assertion_macros),
		cmocka_unit_test(plain_conditions),
		cmocka_unit_test(explained_findings),
		cmocka_unit_test(outcome_matters),
		cmocka_unit_test(check_call_reads_the_outcome),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
