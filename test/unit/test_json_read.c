/* test_json_read.c: the JSON reader (checker/cli/common/json_read.c) that
 * reads hostile input (compile_commands.json, the reports merge reads):
 * every value kind with its place, escapes and surrogates, bytes that are
 * not UTF-8 kept, each error with the line:col of what is wrong, and the
 * edges: deep nesting, huge numbers, NUL, truncation, a byte order mark. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "unit_helpers.h"

static char err[128];
static unsigned line, col;

/* Parses `len` bytes of `text` (which has a NUL after them). */
static int parse_n(const char *text, size_t len, json_value *v)
{
	err[0] = '\0';
	line = col = 0;
	return json_parse(text, len, v, err, sizeof(err), &line, &col);
}

static int parse(const char *text, json_value *v)
{
	return parse_n(text, strlen(text), v);
}

/* The one string of `["..."]` written as `text`. */
static void assert_string_reads(const char *text, const char *want)
{
	json_value v;

	assert_int_equal(parse(text, &v), 0);
	assert_int_equal(v.kind, JSON_ARRAY);
	assert_int_equal(v.count, 1);
	assert_int_equal(v.items[0].kind, JSON_STRING);
	assert_string_equal(v.items[0].string, want);
	json_free(&v);
}

static void values_read(void **state)
{
	static const char text[] =
		"{\n"
		"  \"s\": \"x\",\r\n"
		"\t\"n\": [0, -0, 12, -1.5e3, 2E-2, 1e+2],\n"
		"  \"b\": [true, false, null],\n"
		"  \"o\": {}, \"a\": [],\n"
		"  \"s\": \"repeated\"\n"
		"}\n";
	json_value v;
	const json_value *n, *b;

	(void)state;
	assert_int_equal(parse(text, &v), 0);
	assert_int_equal(v.kind, JSON_OBJECT);
	assert_int_equal(v.count, 6);
	/* a repeated key: the first */
	assert_string_equal(json_get(&v, "s")->string, "x");
	assert_int_equal(json_get(&v, "s")->line, 2);
	assert_int_equal(json_get(&v, "s")->col, 8);
	n = json_get(&v, "n");
	assert_int_equal(n->line, 3);
	assert_int_equal(n->col, 7);
	assert_int_equal(n->count, 6);
	assert_true(n->items[1].number == 0);
	assert_true(n->items[2].number == 12);
	assert_true(n->items[3].number == -1500);
	assert_true(n->items[4].number == 0.02);
	assert_true(n->items[5].number == 100);
	assert_int_equal(n->items[5].col, 33);
	b = json_get(&v, "b");
	assert_int_equal(b->items[0].kind, JSON_BOOL);
	assert_true(b->items[0].truth);
	assert_false(b->items[1].truth);
	assert_int_equal(b->items[2].kind, JSON_NULL);
	assert_int_equal(json_get(&v, "o")->kind, JSON_OBJECT);
	assert_int_equal(json_get(&v, "a")->count, 0);
	assert_null(json_get(&v, "missing"));
	assert_null(json_get(n, "s"));
	json_free(&v);
}

/* Escapes, a surrogate pair as one character, a lone \udc80 to \udcff
 * as its byte (what json.c writes for a byte of a file name that is not
 * UTF-8), another lone surrogate as U+FFFD; bytes that are not UTF-8 kept
 * as they are (a file name need not be, and CMake writes it unchanged). */
static void strings_read(void **state)
{
	(void)state;
	assert_string_reads("[\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"]",
			    "\" \\ / \b \f \n \r \t");
	assert_string_reads("[\"caf\\u00e9 \\u00E9 \\u20ac\"]",
			    "caf\xc3\xa9 \xc3\xa9 \xe2\x82\xac");
	assert_string_reads("[\"\\ud83d\\ude00\"]", "\xf0\x9f\x98\x80");
	assert_string_reads("[\"\\ud800\"]", "\xef\xbf\xbd");
	assert_string_reads("[\"a\\udce9.c\"]", "a\xe9.c");
	assert_string_reads("[\"\\udc7f\\ude00\"]", "\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_reads("[\"\\ud800\\u0041\"]", "\xef\xbf\xbd" "A");
	assert_string_reads("[\"\\ud800\\ud800\\udc00\"]",
			    "\xef\xbf\xbd\xf0\x90\x80\x80");
	assert_string_reads("[\"a\xe9.c \xff\xfe \xc3\xa9\"]",
			    "a\xe9.c \xff\xfe \xc3\xa9");
	assert_string_reads("[\"\"]", "");
}

/* Each error, where it is: the value, escape or byte that is wrong. */
static void errors_placed(void **state)
{
	static const struct {
		const char *text;
		unsigned line, col;
		const char *err;
	} cases[] = {
		{ "", 1, 1, "expected a value" },
		{ "  \n\t ", 2, 3, "expected a value" },
		{ "[1,]", 1, 4, "expected a value" },
		{ "[1 2]", 1, 4, "expected ',' or ']'" },
		{ "{\"a\" 1}", 1, 6, "expected ':'" },
		{ "{\"a\": 1,}", 1, 9, "expected a string key" },
		{ "{a: 1}", 1, 2, "expected a string key" },
		{ "{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'" },
		{ "[01]", 1, 2, "a number with a leading zero" },
		{ "[-]", 1, 2, "expected a digit after '-'" },
		{ "[-x]", 1, 2, "expected a digit after '-'" },
		{ "[1.]", 1, 2, "expected a digit after '.'" },
		{ "[1e+]", 1, 2, "expected a digit in the exponent" },
		{ "[+1]", 1, 2, "expected a value" },
		{ "[.5]", 1, 2, "expected a value" },
		{ "[0x10]", 1, 3, "expected ',' or ']'" },
		{ "[Infinity]", 1, 2, "expected a value" },
		{ "[NaN]", 1, 2, "expected a value" },
		{ "[tru]", 1, 2, "expected a value" },
		{ "[true false]", 1, 7, "expected ',' or ']'" },
		{ "[1e309]", 1, 2, "a number too large for a double" },
		{ "[\n -1e999]", 2, 2, "a number too large for a double" },
		{ "[\"a\\qb\"]", 1, 4, "invalid escape in a string" },
		{ "[\"\\u12G4\"]", 1, 3, "expected four hex digits after \\u" },
		{ "[\"\\u12\"]", 1, 3, "expected four hex digits after \\u" },
		{ "[\"ab\\u0000c\"]", 1, 5,
		  "\\u0000 (a NUL character) in a string" },
		{ "[\"a\nb\"]", 1, 4, "a control character (byte 0x0a) in a "
				     "string: write it as an escape" },
		{ "[\"a\tb\"]", 1, 4, "a control character (byte 0x09) in a "
				     "string: write it as an escape" },
		{ "[\"abc", 1, 6, "the text ends in the string that starts at "
				  "1:2" },
		{ "[\n \"ab\\", 2, 6, "the text ends in the string that starts "
				      "at 2:2" },
		{ "{\"a\": [1, 2", 1, 12, "expected ',' or ']'" },
		{ "{\"a\": ", 1, 7, "expected a value" },
		{ "{\"a\"", 1, 5, "expected ':'" },
		{ "[1] x", 1, 5, "unexpected text after the value" },
		{ "[1]\n]", 2, 1, "unexpected text after the value" },
		{ "[\r\n1,\r\n x]", 3, 2, "expected a value" },
		/* counted after a byte order mark, which is skipped */
		{ "\xef\xbb\xbf[1, x]", 1, 5, "expected a value" },
		{ "\xef\xbb[1]", 1, 1, "expected a value" },
	};
	json_value v;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		assert_int_equal(parse(cases[i].text, &v), -1);
		assert_string_equal(err, cases[i].err);
		assert_int_equal(line, cases[i].line);
		assert_int_equal(col, cases[i].col);
		json_free(&v);
	}
}

/* A NUL byte is no end of the text: refused where it is. */
static void nul_byte_refused(void **state)
{
	static const struct {
		const char *text;
		size_t len;
		unsigned col;
	} cases[] = {
		{ "[1]\0[2]", 7, 4 },
		{ "[\"a\0b\"]", 7, 4 },
		{ "[1,\0 2]", 7, 4 },
		{ "\0", 1, 1 },
	};
	json_value v;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		assert_int_equal(parse_n(cases[i].text, cases[i].len, &v), -1);
		assert_string_equal(err, "a NUL byte, which JSON text does "
					 "not hold");
		assert_int_equal(line, 1);
		assert_int_equal(col, cases[i].col);
		json_free(&v);
	}
}

/* 65 levels of arrays and objects read, 66 do not (no recursion past
 * that); numbers as long as the text, still finite or refused. */
static void deep_and_huge(void **state)
{
	char text[4096];
	json_value v;
	size_t n = 0;

	(void)state;
	for (int i = 0; i < 65; i++)
		n += (size_t)sprintf(text + n, i % 2 ? "{\"k\":" : "[");
	for (int i = 65; i-- > 0;)
		text[n++] = i % 2 ? '}' : ']';
	text[n] = '\0';
	assert_int_equal(parse(text, &v), 0);
	json_free(&v);
	memmove(text + 1, text, n + 1);
	text[0] = '[';
	strcat(text, "]");
	assert_int_equal(parse(text, &v), -1);
	assert_string_equal(err, "arrays and objects nested more than 64 "
				 "deep");
	/* at the innermost array */
	assert_int_equal(col, strrchr(text, '[') - text + 1);
	json_free(&v);

	memset(text, '9', 400);
	strcpy(text + 400, "");
	assert_int_equal(parse(text, &v), -1);
	assert_string_equal(err, "a number too large for a double");
	json_free(&v);
	strcpy(text, "0.");
	memset(text + 2, '0', 2000);
	strcpy(text + 2002, "1e-5");
	assert_int_equal(parse(text, &v), 0);
	assert_true(v.number == 0);
	json_free(&v);
	assert_int_equal(parse("-0.0000e-99999999999999999999", &v), 0);
	assert_true(v.number == 0);
	json_free(&v);
}

/* Wide and long: 100,000 items, a string of a megabyte. */
static void wide_and_long(void **state)
{
	size_t n = 100000, big = 1 << 20;
	char *text = malloc(4 * n + big + 16);
	json_value v;
	size_t at = 0;

	(void)state;
	assert_non_null(text);
	text[at++] = '[';
	for (size_t i = 0; i < n; i++)
		at += (size_t)sprintf(text + at, "%s7", i ? "," : "");
	text[at++] = ',';
	text[at++] = '"';
	memset(text + at, 'x', big);
	at += big;
	strcpy(text + at, "\"]");
	assert_int_equal(parse(text, &v), 0);
	assert_int_equal(v.count, n + 1);
	assert_int_equal(strlen(v.items[n].string), big);
	json_free(&v);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(values_read),
		cmocka_unit_test(strings_read),
		cmocka_unit_test(errors_placed),
		cmocka_unit_test(nul_byte_refused),
		cmocka_unit_test(deep_and_huge),
		cmocka_unit_test(wide_and_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
