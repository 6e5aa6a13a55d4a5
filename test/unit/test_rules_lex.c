/* test_rules_lex.c: lines, words, names and numbers of rules files. */
#include <stdlib.h>
#include <string.h>

#include "rules_lex.h"
#include "unit_helpers.h"

static void number_ok(const char *s, int64_t want)
{
	int64_t v = 12345;

	assert_int_equal(fs_lex_number(s, strlen(s), &v), FS_NUMBER_OK);
	assert_true(v == want);
}

static void number_bad(const char *s, fs_number want)
{
	int64_t v;

	assert_int_equal(fs_lex_number(s, strlen(s), &v), want);
}

static void numbers_in_c_syntax(void **state)
{
	(void)state;
	number_ok("0x1f", 31);
	number_ok("0X1F", 31);
	number_ok("0755", 0755);
	number_ok("12", 12);
	number_ok("0", 0);
	number_ok("-100", -100);
	number_ok("-0x10", -16);
	number_ok("0x10UL", 16);
	number_ok("10ull", 10);
	number_ok("0x7fffffffffffffff", INT64_MAX);
	number_ok("-9223372036854775808", INT64_MIN);
}

static void numbers_rejected(void **state)
{
	(void)state;
	number_bad("", FS_NUMBER_SYNTAX);
	number_bad("-", FS_NUMBER_SYNTAX);
	number_bad("0x", FS_NUMBER_SYNTAX);
	number_bad("08", FS_NUMBER_SYNTAX);
	number_bad("1a", FS_NUMBER_SYNTAX);
	number_bad("x1", FS_NUMBER_SYNTAX);
	number_bad("--1", FS_NUMBER_SYNTAX);
	number_bad("0x1g", FS_NUMBER_SYNTAX);
	number_bad("1uuuu", FS_NUMBER_SYNTAX);
	number_bad("u", FS_NUMBER_SYNTAX);
	number_bad("9223372036854775808", FS_NUMBER_RANGE);
	number_bad("-9223372036854775809", FS_NUMBER_RANGE);
	number_bad("0xffffffffffffffff", FS_NUMBER_RANGE);
	number_bad("0x10000000000000000", FS_NUMBER_RANGE);
	number_bad("99999999999999999999999999", FS_NUMBER_RANGE);
	assert_int_equal(fs_lex_number("12\0" "3", 4, &(int64_t){ 0 }),
			 FS_NUMBER_SYNTAX);
}

static void names(void **state)
{
	(void)state;
	assert_true(fs_lex_is_name("O_CREAT", 7));
	assert_true(fs_lex_is_name("_x9", 3));
	assert_false(fs_lex_is_name("9x", 2));
	assert_false(fs_lex_is_name("", 0));
	assert_false(fs_lex_is_name("a-b", 3));
	assert_false(fs_lex_is_name("a\0b", 3));
	assert_true(fs_lex_is_name_tail("8BIT", 4));
	assert_false(fs_lex_is_name_tail("", 0));
}

static size_t count_lines(const char *text, size_t len, size_t *last_len)
{
	fs_line_iter it = { text, len, 0, 0 };
	const char *line;
	size_t n;

	*last_len = 0;
	while (fs_lex_next_line(&it, &line, &n))
		*last_len = n;
	return it.number;
}

static void lines(void **state)
{
	size_t last;

	(void)state;
	assert_int_equal(count_lines("", 0, &last), 0);
	assert_int_equal(count_lines("a\nbc", 4, &last), 2);
	assert_int_equal(last, 2);
	assert_int_equal(count_lines("a\n", 2, &last), 1);
	assert_int_equal(count_lines("\n\n", 2, &last), 2);
	assert_int_equal(last, 0);
	assert_int_equal(count_lines("a\0b\nc", 5, &last), 2);
}

/* Lexes one line; returns the diagnostics. */
static const char *lex(const char *line, size_t len, fs_tokens *toks)
{
	static diag_log log;
	fs_rules *rules = fs_rules_new();
	fs_reader rd = { .rules = rules, .file = "t.rules", .line = 1,
			 .report = log_report, .ctx = &log };

	memset(&log, 0, sizeof(log));
	fs_lex_line(&rd, line, len, toks);
	fs_rules_free(rules);
	return log.text;
}

static void words_and_attributes(void **state)
{
	const char *line = "call\topen  flags(1) O desc=\"a # b\" k=v # c \"";
	fs_tokens toks = { 0 };

	(void)state;
	assert_string_equal(lex(line, strlen(line), &toks), "");
	assert_int_equal(toks.count, 6);
	assert_int_equal(toks.items[1].col, 6);
	assert_int_equal(toks.items[1].len, 4);
	assert_int_equal(toks.items[2].col, 12);
	assert_null(toks.items[3].key);
	assert_int_equal(toks.items[4].key_len, 4);
	assert_int_equal(toks.items[4].value_len, 5);
	assert_memory_equal(toks.items[4].value, "a # b", 5);
	assert_int_equal(toks.items[4].value_col, 29);
	assert_int_equal(toks.items[5].value_len, 1);
	assert_int_equal(toks.items[5].value_col, 38);
	free(toks.items);
}

static void trailing_blanks_and_comments(void **state)
{
	fs_tokens toks = { 0 };

	(void)state;
	assert_string_equal(lex("a\r", 2, &toks), "");
	assert_int_equal(toks.count, 1);
	assert_string_equal(lex("#x\"", 3, &toks), "");
	assert_int_equal(toks.count, 0);
	assert_string_equal(lex("a#b", 3, &toks), "");
	assert_int_equal(toks.count, 1);
	assert_string_equal(lex("k=\"v\"#c", 7, &toks), "");
	assert_int_equal(toks.count, 1);
	free(toks.items);
}

static void stray_bytes(void **state)
{
	fs_tokens toks = { 0 };

	(void)state;
	assert_string_equal(lex("a\"b", 3, &toks),
		"t.rules:1:2: error: unexpected '\"': only a key=\"value\" may "
		"be quoted\n");
	assert_string_equal(lex("x=\"abc", 6, &toks),
		"t.rules:1:3: error: unterminated quoted value\n");
	assert_string_equal(lex("x=\"a\"b", 6, &toks),
		"t.rules:1:6: error: expected a blank after the quoted value\n");
	assert_string_equal(lex("ab\0c", 4, &toks),
		"t.rules:1:3: error: unexpected byte 0x00\n");
	assert_string_equal(lex("\x80", 1, &toks),
		"t.rules:1:1: error: unexpected byte 0x80\n");
	assert_string_equal(lex("x=\"a\0\"", 6, &toks),
		"t.rules:1:5: error: unexpected byte 0x00 in a quoted value\n");
	/* UTF-8 is fine inside quotes. */
	assert_string_equal(lex("x=\"\xc3\xa9\"", 6, &toks), "");
	free(toks.items);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(numbers_in_c_syntax),
		cmocka_unit_test(numbers_rejected),
		cmocka_unit_test(names),
		cmocka_unit_test(lines),
		cmocka_unit_test(words_and_attributes),
		cmocka_unit_test(trailing_blanks_and_comments),
		cmocka_unit_test(stray_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
