/* test_bit_test.c: fs_check_bit_test: values tested with & as if they
 * were bits, with the built-in rules (mask=, kind=enum). */
#define _POSIX_C_SOURCE 200809L	/* strtok_r */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = builtin_rules();
	*state = rules;
	return 0;
}

/* Checks `left OP right`, each side a lower-case word (not a constant),
 * a number, a NAME (value from the rules) or NAME=VALUE (from the
 * compiler), OP being & or &=; on `target` when not NULL. Returns the
 * findings, "<term> <message>" a line. */
/* The comparison the & is an operand of, for the next check_on: "==" or
 * "!=" with `compared` (a word, a number or a NAME, as a side), or none. */
static fs_cmp next_cmp;
static const char *next_compared;
/* What the tested operand holds, for the next check_on: the result of
 * `fcntl(fd, F_GETFL)` (next_holder_result), argument 1 of `open(p, x)`
 * (next_holder_arg), a field (next_record, next_field); the flags the
 * function also tests it against; whether the test's shape is certain. */
static int next_holder_result, next_holder_arg;
static const char *next_record, *next_field;
static const char *const *next_tested;
static size_t next_ntested;
static int next_fixable;

/* The holder calls: `fcntl(fd, F_GETFL)` and `open(p, flags)`. */
static const fs_term getfl_terms[] = { { "F_GETFL", 0, 0, 0 } };
static fs_value getfl_args[] = { { NULL, 0, 1, NULL, 0 }, { 0 } };
static const fs_call getfl_call = { "fcntl", getfl_args, 2, NULL, { { 0 } } };
static const fs_value open_args[] = { { NULL, 0, 1, NULL, 0 },
				      { NULL, 0, 1, NULL, 0 } };
static const fs_call open_call = { "open", open_args, 2, NULL, { { 0 } } };

/* Hands the next_* facts to t, and clears them. */
static void take_holder(fs_bit_test *t)
{
	if (next_holder_result) {
		getfl_args[1] = term_value(&getfl_terms[0]);
		t->holder = &getfl_call;
		t->holder_arg = FS_WHOLE_VALUE;
	} else if (next_holder_arg) {
		t->holder = &open_call;
		t->holder_arg = 1;
	}
	t->holder_record = next_record;
	t->holder_field = next_field;
	t->tested_with = next_tested;
	t->ntested_with = next_ntested;
	t->fixable = next_fixable;
	next_holder_result = next_holder_arg = next_fixable = 0;
	next_record = next_field = NULL;
	next_tested = NULL;
	next_ntested = 0;
}

/* `compared` as a one-term value (or an unknown one) in *v. */
static void put_compared(fs_value *v, fs_term *term, fs_node *node)
{
	const char *w = next_compared;

	*v = (fs_value){ term, 0, 0, node, 1 };
	if (islower((unsigned char)*w)) {
		node->op = FS_OP_UNKNOWN;
		v->has_unknown = 1;
		return;
	}
	*node = (fs_node){ FS_OP_TERM, 0 };
	v->nterms = 1;
	if (isdigit((unsigned char)*w)) {
		term->value = strtoll(w, NULL, 0);
		term->has_value = 1;
	} else {
		term->name = w;
	}
}

static const char *check_on(const char *target, const char *left,
			    const char *op, const char *right)
{
	fs_term cmp_term = { 0 };
	fs_node cmp_node = { 0 };
	char cmp_text[160];
	static char out[2048];
	static char names[2][64];
	fs_term terms[2] = { { 0 } };
	fs_node nodes[3] = { { FS_OP_AND, 0 } };
	const char *sides[2] = { left, right };
	fs_bit_test t = { { terms, 0, 0, nodes, 3 }, { left, right },
			  !strcmp(op, "&="), target };
	fs_findings found = { 0 };
	size_t len = 0;

	for (int i = 0; i < 2; i++) {
		const char *w = sides[i];
		const char *eq = strchr(w, '=');
		fs_term *term = &terms[t.value.nterms];

		if (islower((unsigned char)*w)) {
			nodes[i + 1].op = FS_OP_UNKNOWN;
			t.value.has_unknown = 1;
			continue;
		}
		nodes[i + 1] = (fs_node){ FS_OP_TERM, t.value.nterms++ };
		if (isdigit((unsigned char)*w)) {
			term->value = strtoll(w, NULL, 0);
			term->has_value = 1;
			continue;
		}
		snprintf(names[i], sizeof(names[i]), "%.*s",
			 (int)(eq ? (size_t)(eq - w) : strlen(w)), w);
		term->name = names[i];
		t.operands[i] = names[i];
		if (eq) {
			term->value = strtoll(eq + 1, NULL, 0);
			term->has_value = 1;
		}
	}
	t.value.terms = terms;
	if (next_cmp != FS_CMP_NONE) {
		t.compare = next_cmp;
		put_compared(&t.compared, &cmp_term, &cmp_node);
		snprintf(cmp_text, sizeof(cmp_text), "(%s %s %s) %s %s",
			 t.operands[0] ? t.operands[0] : left, op,
			 t.operands[1] ? t.operands[1] : right,
			 next_cmp == FS_CMP_EQ ? "==" : "!=", next_compared);
		t.compare_text = cmp_text;
		next_cmp = FS_CMP_NONE;
	}
	take_holder(&t);
	assert_int_equal(fs_check_bit_test(rules, &t, &found), 0);
	note_consequences(&found);
	out[0] = '\0';
	for (size_t i = 0; i < found.count; i++) {
		assert_int_equal(found.items[i].check,
				 FS_CHECK_VALUE_BIT_TEST);
		len += (size_t)snprintf(out + len, sizeof(out) - len,
					"%zu %s\n", found.items[i].term,
					found.items[i].message);
		if (found.items[i].fix)
			len += (size_t)snprintf(out + len, sizeof(out) - len,
						"fix%s: %s\n",
						found.items[i].fix_whole
							? " (whole)" : "",
						found.items[i].fix);
	}
	fs_findings_free(&found);
	return out;
}

static const char *check(const char *left, const char *op, const char *right)
{
	return check_on(NULL, left, op, right);
}

static void zero_flags_are_never_set(void **state)
{
	(void)state;
	assert_string_equal(check("flags", "&", "O_RDONLY=0"),
			    "0 O_RDONLY is 0: 'flags & O_RDONLY' is always 0; "
			    "test '(flags & O_ACCMODE) == O_RDONLY'\n");
	/* Either side; the test names the other. */
	assert_string_equal(check("SEEK_SET=0", "&", "whence"),
			    "0 SEEK_SET is 0: 'SEEK_SET & whence' is always 0; "
			    "test 'whence == SEEK_SET'\n");
	/* A zero flag of its own (no field, no enumeration): no test to
	 * offer. */
	assert_string_equal(check("prot", "&", "PROT_NONE"),
			    "0 PROT_NONE is 0: 'prot & PROT_NONE' is always "
			    "0\n");
	assert_string_equal(check("flags", "&=", "O_RDONLY"),
			    "0 O_RDONLY is 0: 'flags &= O_RDONLY' sets flags "
			    "to 0\n");
	assert_string_equal(check("attr", "&", "MOUNT_ATTR_RELATIME"),
			    "0 MOUNT_ATTR_RELATIME is 0: 'attr & "
			    "MOUNT_ATTR_RELATIME' is always 0; test '(attr & "
			    "MOUNT_ATTR__ATIME) == MOUNT_ATTR_RELATIME'\n");
}

static void values_sharing_bits(void **state)
{
	(void)state;
	assert_string_equal(check("mode", "&", "S_IFDIR"),
			    "0 S_IFDIR is a value of the S_IFMT field, not a "
			    "bit: 'mode & S_IFDIR' is also true for S_IFBLK, "
			    "S_IFSOCK; test '(mode & S_IFMT) == S_IFDIR'\n");
	assert_string_equal(check("mode", "&", "S_IFSOCK"),
			    "0 S_IFSOCK is a value of the S_IFMT field, not a "
			    "bit: 'mode & S_IFSOCK' is also true for S_IFDIR, "
			    "S_IFBLK, S_IFREG, S_IFLNK; test '(mode & S_IFMT) "
			    "== S_IFSOCK'\n");
	assert_string_equal(check("w", "&", "SEEK_END"),
			    "0 SEEK_END is a value of the SEEK_*, not a bit: "
			    "'w & SEEK_END' is also true for SEEK_DATA; test "
			    "'w == SEEK_END'\n");
}

/* What each does at run time (consequence.c): a test that is always the
 * same, or true for other values too, misbehaves; `flags &= O_RDONLY`
 * clears flags. */
static void consequences(void **state)
{
	(void)state;
	check("flags", "&", "O_RDONLY=0");
	assert_string_equal(last_consequences(), "misbehaves");
	check("flags", "&=", "O_RDONLY");
	assert_string_equal(last_consequences(), "misbehaves");
	check("mode", "&", "S_IFDIR");
	assert_string_equal(last_consequences(), "misbehaves");
}

/* A value of a field that another value includes (covers=: O_RDWR
 * includes O_WRONLY), tested as a bit where the operand provably holds
 * the namespace: the test misses the other value. */
static void covered_values(void **state)
{
	static const char *const rdwr[] = { "O_RDWR" };
	static const char *const accmode[] = { "O_ACCMODE" };
	static const char *const nonblock[] = { "O_NONBLOCK", "O_WRONLY" };

	(void)state;
	next_holder_result = 1;
	next_fixable = 1;
	assert_string_equal(check("fl", "&", "O_WRONLY"),
			    "0 O_WRONLY is one value of the O_ACCMODE field, "
			    "not a bit: 'fl & O_WRONLY' is false for O_RDWR, "
			    "which includes it; test '(fl & O_ACCMODE) == "
			    "O_WRONLY', or '(fl & O_ACCMODE) != O_RDONLY' for "
			    "O_WRONLY or O_RDWR\n"
			    "fix (whole): (fl & O_ACCMODE) == O_WRONLY\n");
	assert_string_equal(last_consequences(), "misbehaves");
	/* Given to open(); read from open_how.flags; compared with 0. */
	next_holder_arg = 1;
	assert_string_equal(check("O_WRONLY", "&", "flags"),
			    "0 O_WRONLY is one value of the O_ACCMODE field, "
			    "not a bit: 'O_WRONLY & flags' is false for "
			    "O_RDWR, which includes it; test '(flags & "
			    "O_ACCMODE) == O_WRONLY', or '(flags & O_ACCMODE) "
			    "!= O_RDONLY' for O_WRONLY or O_RDWR\n");
	next_record = "open_how";
	next_field = "flags";
	next_cmp = FS_CMP_EQ;
	next_compared = "0";
	next_fixable = 1;
	assert_string_equal(check("f", "&", "O_WRONLY"),
			    "0 O_WRONLY is one value of the O_ACCMODE field, "
			    "not a bit: '(f & O_WRONLY) == 0' is also true for "
			    "O_RDWR, which includes it; test '(f & O_ACCMODE) "
			    "!= O_WRONLY', or '(f & O_ACCMODE) == O_RDONLY' "
			    "for neither\n"
			    "fix (whole): (f & O_ACCMODE) != O_WRONLY\n");
	/* Not known to hold open flags; a field or a result of another
	 * namespace. */
	assert_string_equal(check("flags", "&", "O_WRONLY"), "");
	next_record = "statx";
	next_field = "stx_mask";
	assert_string_equal(check("flags", "&", "O_WRONLY"), "");
	/* Tested elsewhere against another value or the mask: the tests
	 * together may be right. Another flag does not count. */
	next_holder_result = 1;
	next_tested = rdwr;
	next_ntested = 1;
	assert_string_equal(check("fl", "&", "O_WRONLY"), "");
	next_holder_result = 1;
	next_tested = accmode;
	next_ntested = 1;
	assert_string_equal(check("fl", "&", "O_WRONLY"), "");
	next_holder_result = 1;
	next_tested = nonblock;
	next_ntested = 2;
	assert_string_not_equal(check("fl", "&", "O_WRONLY"), "");
	/* O_RDWR tests read-write access: nothing includes it. */
	next_holder_result = 1;
	assert_string_equal(check("fl", "&", "O_RDWR"), "");
	/* A value with no covers= (S_IFIFO: no other type has its bit). */
	next_record = "stat";
	next_field = "st_mode";
	assert_string_equal(check("mode", "&", "S_IFIFO"), "");
}

static void working_tests_are_silent(void **state)
{
	(void)state;
	/* No other value of the field or enumeration has its bit. */
	assert_string_equal(check("flags", "&", "O_WRONLY"), "");
	assert_string_equal(check("mode", "&", "S_IFIFO"), "");
	assert_string_equal(check("w", "&", "SEEK_HOLE"), "");
	/* The mask itself, and plain flags. */
	assert_string_equal(check("mode", "&", "S_IFMT"), "");
	assert_string_equal(check("flags", "&", "O_ACCMODE"), "");
	assert_string_equal(check("flags", "&", "O_NONBLOCK"), "");
	/* Numbers, names the rules do not know, constants on both sides. */
	assert_string_equal(check("x", "&", "0"), "");
	assert_string_equal(check("x", "&", "MY_ZERO=0"), "");
	assert_string_equal(check("O_RDWR", "&", "O_RDONLY"), "");
	/* glibc's O_LARGEFILE is 0 on 64-bit targets only. */
	assert_string_equal(check("flags", "&", "O_LARGEFILE=0"), "");
	/* A user's own definition that is not 0. */
	assert_string_equal(check("flags", "&", "O_RDONLY=4"), "");
	/* A value in an &= is no bit test. */
	assert_string_equal(check("mode", "&=", "S_IFDIR"), "");
}

/* `(left & right) OP compared`. */
static const char *check_cmp(const char *left, const char *right,
			     const char *op, const char *compared)
{
	next_cmp = !strcmp(op, "==") ? FS_CMP_EQ : FS_CMP_NE;
	next_compared = compared;
	return check_on(NULL, left, "&", right);
}

/* `(left & right) op compared` and the findings expected of it. */
typedef struct compared_case {
	const char *left, *right, *op, *compared, *expected;
} compared_case;

static void check_cases(const compared_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++)
		assert_string_equal(check_cmp(cases[i].left, cases[i].right,
					      cases[i].op, cases[i].compared),
				    cases[i].expected);
}

#define CHECK_CASES(cases) check_cases(cases, sizeof(cases) / sizeof(*cases))

static void compared_tests(void **state)
{
	static const compared_case cases[] = {
		/* Compared with the flag: true for every value with all its bits. */
		{ "mode", "S_IFDIR", "==", "S_IFDIR",
		  "0 S_IFDIR is a value of the S_IFMT field, not a bit: '(mode "
		  "& S_IFDIR) == S_IFDIR' is also true for S_IFBLK, S_IFSOCK; "
		  "test '(mode & S_IFMT) == S_IFDIR'\n" },
		{ "mode", "S_IFCHR", "!=", "S_IFCHR",
		  "0 S_IFCHR is a value of the S_IFMT field, not a bit: '(mode "
		  "& S_IFCHR) != S_IFCHR' is also false for S_IFBLK, S_IFLNK; "
		  "test '(mode & S_IFMT) != S_IFCHR'\n" },
		/* By value: a number equal to the flag's. */
		{ "mode", "S_IFREG", "==", "0100000",
		  "0 S_IFREG is a value of the S_IFMT field, not a bit: '(mode "
		  "& S_IFREG) == 0100000' is also true for S_IFLNK, S_IFSOCK; "
		  "test '(mode & S_IFMT) == S_IFREG'\n" },
		/* No other file type has all of S_IFSOCK's, S_IFLNK's bits. */
		{ "mode", "S_IFSOCK", "==", "S_IFSOCK", "" },
		{ "mode", "S_IFLNK", "!=", "S_IFLNK", "" },
		{ "w", "SEEK_END", "==", "SEEK_END",
		  "0 SEEK_END is a value of the SEEK_*, not a bit: '(w & "
		  "SEEK_END) == SEEK_END' is also true for SEEK_DATA; test 'w "
		  "== SEEK_END'\n" },
		/* A zero flag: the comparison is constant. */
		{ "flags", "O_RDONLY", "==", "O_RDONLY",
		  "0 O_RDONLY is 0: '(flags & O_RDONLY) == O_RDONLY' is always "
		  "true; test '(flags & O_ACCMODE) == O_RDONLY'\n" },
		{ "flags", "O_RDONLY", "!=", "O_RDONLY",
		  "0 O_RDONLY is 0: '(flags & O_RDONLY) != O_RDONLY' is always "
		  "false; test '(flags & O_ACCMODE) != O_RDONLY'\n" },
		/* Compared with 0: as the & alone; `== 0` tests that the value is
		 * not there. */
		{ "mode", "S_IFDIR", "!=", "0",
		  "0 S_IFDIR is a value of the S_IFMT field, not a bit: '(mode "
		  "& S_IFDIR) != 0' is also true for S_IFBLK, S_IFSOCK; test "
		  "'(mode & S_IFMT) == S_IFDIR'\n" },
		{ "mode", "S_IFDIR", "==", "0",
		  "0 S_IFDIR is a value of the S_IFMT field, not a bit: '(mode "
		  "& S_IFDIR) == 0' is also false for S_IFBLK, S_IFSOCK; test "
		  "'(mode & S_IFMT) != S_IFDIR'\n" },
		{ "flags", "O_RDONLY", "==", "0",
		  "0 O_RDONLY is 0: '(flags & O_RDONLY) == 0' is always true; "
		  "test '(flags & O_ACCMODE) != O_RDONLY'\n" },
		{ "mode", "S_IFSOCK", "!=", "0",
		  "0 S_IFSOCK is a value of the S_IFMT field, not a bit: '(mode "
		  "& S_IFSOCK) != 0' is also true for S_IFDIR, S_IFBLK, "
		  "S_IFREG, S_IFLNK; test '(mode & S_IFMT) == S_IFSOCK'\n" },
		/* Another value, or a variable: not a test of the flag's bit. */
		{ "mode", "S_IFDIR", "==", "S_IFREG", "" },
		{ "mode", "S_IFDIR", "==", "x", "" },
		{ "mode", "S_IFDIR", "!=", "4", "" },
		{ "flags", "O_RDONLY", "==", "1", "" },
	};
	(void)state;
	CHECK_CASES(cases);
}

static void long_operands_are_left_out(void **state)
{
	(void)state;
	assert_string_equal(
		check("some_long_expression(with, many, arguments, here)", "&",
		      "O_RDONLY"),
		"0 O_RDONLY is 0: a test of it with & is always 0; test "
		"'(... & O_ACCMODE) == O_RDONLY'\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(zero_flags_are_never_set),
		cmocka_unit_test(values_sharing_bits),
		cmocka_unit_test(consequences),
		cmocka_unit_test(covered_values),
		cmocka_unit_test(working_tests_are_silent),
		cmocka_unit_test(compared_tests),
		cmocka_unit_test(long_operands_are_left_out),
	};
	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
