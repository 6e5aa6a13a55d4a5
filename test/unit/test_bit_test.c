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
	rules = fs_rules_new();
	assert_non_null(rules);
	assert_int_equal(fs_rules_add_builtin(rules, NULL, NULL), 0);
	*state = rules;
	return 0;
}

/* Checks `left OP right`, each side a lower-case word (not a constant),
 * a number, a NAME (value from the rules) or NAME=VALUE (from the
 * compiler), OP being & or &=; on `target` when not NULL. Returns the
 * findings, "<term> <message>" a line. */
static const char *check_on(const char *target, const char *left,
			    const char *op, const char *right)
{
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
	assert_int_equal(fs_check_bit_test(rules, &t, &found), 0);
	out[0] = '\0';
	for (size_t i = 0; i < found.count; i++) {
		assert_int_equal(found.items[i].check,
				 FS_CHECK_VALUE_BIT_TEST);
		assert_null(found.items[i].fix);
		len += (size_t)snprintf(out + len, sizeof(out) - len,
					"%zu %s\n", found.items[i].term,
					found.items[i].message);
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
		cmocka_unit_test(working_tests_are_silent),
		cmocka_unit_test(long_operands_are_left_out),
	};
	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
