/* test_decode.c: naming the bits of a value, and the value itself. */
#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "message.h"
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	add_clean_rules(rules,
		"namespace EMPTY prefix=EMPTY_\n"
		"call d_o x(0) O\n"
		"call d_at x(0) AT\n"
		"call d_at_subset x(0) AT:SYMLINK_FOLLOW\n"
		"call d_two x(0) AT|S_MODE\n"
		"call d_empty x(0) EMPTY\n"
		"namespace SH prefix=SH_\nSH_FIRST 1\nSH_SECOND 1\nSH_HIGH 2\n"
		"call d_shared x(0) SH:SECOND\n");
	*state = rules;
	return 0;
}

static void zero(void **state)
{
	(void)state;
	/* 0 is a value of its own where a member stands for it */
	assert_string_equal(decode_text(rules, "d_o", 0), "means O_RDONLY");
	assert_string_equal(decode_text(rules, "d_empty", 0),
			    "is 0 and has no effect");
}

static void single_and_several_bits(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "d_o", 0x100), "means O_NOCTTY");
	/* Equal popcounts go in file order. */
	assert_string_equal(decode_text(rules, "d_o", 0x241),
			    "means O_WRONLY|O_CREAT|O_TRUNC");
}

static void multi_bit_members_first(void **state)
{
	(void)state;
	/* O_SYNC is O_DSYNC plus one more bit. */
	assert_string_equal(decode_text(rules, "d_o", 0x101000), "means O_SYNC");
	assert_string_equal(decode_text(rules, "d_o", 0x1000), "means O_DSYNC");
	assert_string_equal(decode_text(rules, "d_o", 0x101001), "means O_SYNC|O_WRONLY");
	/* O_TMPFILE contains O_DIRECTORY. */
	assert_string_equal(decode_text(rules, "d_o", 0x410000), "means O_TMPFILE");
	assert_string_equal(decode_text(rules, "d_o", 0x10000), "means O_DIRECTORY");
	assert_string_equal(decode_text(rules, "d_o", 0x400000),
			    "matches no O_* flag");
}

static void taken_members_name_the_value_first(void **state)
{
	(void)state;
	/* The call takes SH_SECOND: that is what 1 is to it. */
	assert_string_equal(decode_text(rules, "d_shared", 1), "means SH_SECOND");
	/* Bits the taken members cannot all name: the whole namespace. */
	assert_string_equal(decode_text(rules, "d_shared", 3), "means SH_FIRST|SH_HIGH");
}

static void skipped_members(void **state)
{
	(void)state;
	/* O_ACCMODE is value=field, O_RDONLY is 0, O_NDELAY is deprecated. */
	assert_string_equal(decode_text(rules, "d_o", 0x3), "means O_WRONLY|O_RDWR");
	assert_string_equal(decode_text(rules, "d_o", 0x800), "means O_NONBLOCK");
	/* AT_STATX_SYNC_TYPE (0x6000) is value=field. */
	assert_string_equal(decode_text(rules, "d_at", 0x6000), "matches no AT_* flag");
}

static void unknown_bits(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "d_o", 0x208),
			    "means O_TRUNC plus unknown bits 0x8");
	assert_string_equal(decode_text(rules, "d_o", 0x8), "matches no O_* flag");
	assert_string_equal(decode_text(rules, "d_o", INT64_MAX),
			    "means O_SYNC|O_TMPFILE|O_WRONLY|O_RDWR|O_CREAT|"
			    "O_NOCTTY|O_TRUNC|O_APPEND|O_NONBLOCK|O_NOFOLLOW|"
			    "O_CLOEXEC plus unknown bits 0x7fffffffffa4e0bc");
}

static void same_value_first_in_file_order(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "d_at", 0x200), "means AT_REMOVEDIR");
}

static void whole_namespace_not_subset(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "d_at_subset", 0x100),
			    "means AT_SYMLINK_NOFOLLOW");
}

static void several_namespaces(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "d_two", 0x8),
			    "matches no AT_* or S_I* flag");
	/* File order across namespaces: AT is loaded before S_MODE. */
	assert_string_equal(decode_text(rules, "d_two", 0x1080),
			    "means AT_EMPTY_PATH|S_IWUSR");
	assert_string_equal(decode_text(rules, "d_empty", 0x1),
			    "matches no EMPTY_* flag");
}

static void negative_values(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "d_o", -100),
			    "is negative, so it sets every bit but 0x63");
	assert_string_equal(decode_text(rules, "d_o", -1),
			    "is negative, so it sets every bit");
	assert_string_equal(decode_text(rules, "d_o", INT64_MIN),
			    "is negative, so it sets every bit but "
			    "0x7fffffffffffffff");
}

static void values(void **state)
{
	fs_buf b = { 0 };

	(void)state;
	fs_put_value(&b, 0);
	fs_buf_puts(&b, " ");
	fs_put_value(&b, 0x100);
	fs_buf_puts(&b, " ");
	fs_put_value(&b, -100);
	fs_buf_puts(&b, " ");
	fs_put_value(&b, INT64_MIN);
	assert_string_equal(fs_buf_str(&b),
			    "0x0 0x100 -100 -9223372036854775808");
	fs_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(zero),
		cmocka_unit_test(single_and_several_bits),
		cmocka_unit_test(multi_bit_members_first),
		cmocka_unit_test(taken_members_name_the_value_first),
		cmocka_unit_test(skipped_members),
		cmocka_unit_test(unknown_bits),
		cmocka_unit_test(same_value_first_in_file_order),
		cmocka_unit_test(whole_namespace_not_subset),
		cmocka_unit_test(several_namespaces),
		cmocka_unit_test(negative_values),
		cmocka_unit_test(values),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
