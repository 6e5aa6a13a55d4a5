/* test_tidy_yaml.c: clang-tidy's --export-fixes YAML read with libyaml
 * (checker/cli/collect/tidy_yaml.c): what LLVM's writer may produce
 * (quoting styles, escapes, folded lines), keys skipped whatever they
 * hold, and every kind of bad input refused with its line:col and nothing
 * read. test_tidy_collect.c has what the collect stage makes of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tidy_yaml.h"
#include "unit_helpers.h"

/* One diagnostic's keys before its message, with a message `m`. */
#define HEAD(m) \
	"Diagnostics:\n" \
	"  - DiagnosticName:  flagspace-wrong-namespace\n" \
	"    DiagnosticMessage:\n" \
	"      Message:         " m "\n"

static char why[256];

static int parse(const char *text, size_t len, tidy_diags *d)
{
	memset(d, 0, sizeof(*d));
	why[0] = '\0';
	return tidy_yaml_parse(text, len, d, why, sizeof(why));
}

/* The one diagnostic's message when `text` reads to exactly one. */
static void assert_message(const char *text, const char *message)
{
	tidy_diags d;

	assert_int_equal(parse(text, strlen(text), &d), 0);
	assert_int_equal(d.count, 1);
	assert_string_equal(d.items[0].message, message);
	tidy_diags_free(&d);
}

/* Quoting as LLVM's writer chooses it: plain, 'single' (with '' for a
 * quote; a line break folds to a space), "double" with escapes (\x, \u,
 * \U, \t, \\, \", an escaped line break joining). */
static void scalar_styles(void **state)
{
	(void)state;
	assert_message(HEAD("plain  words,and:colon  # a comment"),
		       "plain  words,and:colon");
	assert_message(HEAD("'it''s ''x'''"), "it's 'x'");
	assert_message(HEAD("'two\n        lines'"), "two lines");
	assert_message(HEAD("'para\n\n        graph'"), "para\ngraph");
	assert_message(HEAD("\"caf\\u00e9 \\x41\\U0001F600 \\t\\\\\\\"\""),
		       "caf\xc3\xa9 A\xf0\x9f\x98\x80 \t\\\"");
	assert_message(HEAD("\"joined\\\n        here\""), "joinedhere");
	assert_message(HEAD("\"\\N\\_\\L\\P\""),
		       "\xc2\x85\xc2\xa0\xe2\x80\xa8\xe2\x80\xa9");
	/* a flow mapping is a mapping too */
	assert_message("Diagnostics: [ { DiagnosticName: c, "
		       "DiagnosticMessage: { Message: 'flow', FilePath: a } } ]",
		       "flow");
}

/* Keys the reader does not know are skipped whatever they hold, however
 * deep (Ranges, clang-tidy 22); a repeated key's last value wins; a note
 * and an edit get every field. */
static void fields_read(void **state)
{
	static const char text[] =
		"---\n"
		"MainSourceFile:  'a.c'\n"
		"Unknown:         { a: [ [ [ [ [ [ [ [ [ [ deep ] ] ] ] ] ] ] ] ] ] }\n"
		"? [ a, complex, key ]\n"
		": value\n"
		"Diagnostics:\n"
		"  - DiagnosticName:  flagspace-wrong-field\n"
		"    DiagnosticMessage:\n"
		"      Message:         first\n"
		"      Message:         second\n"
		"      FilePath:        '/src/a.c'\n"
		"      FileOffset:      0042\n"
		"      Replacements:\n"
		"        - FilePath:        '/src/a.c'\n"
		"          Offset:          7\n"
		"          Length:          3\n"
		"          ReplacementText: ''\n"
		"      Ranges:\n"
		"        - { FilePath: 'a.c', FileOffset: 1, Length: [ x ] }\n"
		"    Notes:\n"
		"      - Message:         flag passed here\n"
		"        FilePath:        'b.c'\n"
		"        FileOffset:      9\n"
		"        Replacements:    []\n"
		"    Level:           Error\n"
		"    BuildDirectory:  '/src/build'\n"
		"...\n";
	tidy_diags d;
	const tidy_diag *g;

	(void)state;
	assert_int_equal(parse(text, sizeof(text) - 1, &d), 0);
	assert_int_equal(d.count, 1);
	g = &d.items[0];
	assert_string_equal(g->check, "flagspace-wrong-field");
	assert_string_equal(g->message, "second");
	assert_string_equal(g->file, "/src/a.c");
	assert_int_equal(g->offset, 42);
	assert_string_equal(g->level, "Error");
	assert_string_equal(g->build_dir, "/src/build");
	assert_int_equal(g->edits.count, 1);
	assert_string_equal(g->edits.items[0].file, "/src/a.c");
	assert_int_equal(g->edits.items[0].offset, 7);
	assert_int_equal(g->edits.items[0].length, 3);
	assert_string_equal(g->edits.items[0].text, "");
	assert_int_equal(g->notes.count, 1);
	assert_string_equal(g->notes.items[0].message, "flag passed here");
	assert_string_equal(g->notes.items[0].file, "b.c");
	assert_int_equal(g->notes.items[0].offset, 9);
	tidy_diags_free(&d);
}

/* Nothing (no YAML: clang-tidy found nothing), an empty document, null
 * collections; a diagnostic without a name or a message is dropped; a
 * count past any size stays a count (the largest). Two documents add. */
static void empty_and_partial(void **state)
{
	static const char *const empty[] = {
		"", "---\n", "---\n...\n", "Diagnostics:\n",
		"Diagnostics: []\n",
		"Diagnostics:\n  - DiagnosticName: x\n",
		"Diagnostics:\n  - DiagnosticMessage: { Message: m }\n",
	};
	static const char two[] =
		HEAD("one") "      FileOffset: 99999999999999999999999999\n"
		"---\n" HEAD("two") "      Replacements:\n";
	tidy_diags d;
	char last[256];

	(void)state;
	for (size_t i = 0; i < sizeof(empty) / sizeof(*empty); i++) {
		assert_int_equal(parse(empty[i], strlen(empty[i]), &d), 0);
		assert_int_equal(d.count, 0);
		tidy_diags_free(&d);
	}
	assert_int_equal(parse(two, sizeof(two) - 1, &d), 0);
	assert_int_equal(d.count, 2);
	assert_int_equal(d.items[0].offset, SIZE_MAX);
	assert_string_equal(d.items[1].message, "two");
	tidy_diags_free(&d);
	/* the largest counts short of that are read exactly */
	snprintf(last, sizeof(last), HEAD("m") "      FileOffset: %zu\n",
		 SIZE_MAX - 1);
	assert_int_equal(parse(last, strlen(last), &d), 0);
	assert_int_equal(d.items[0].offset, SIZE_MAX - 1);
	tidy_diags_free(&d);
}

/* Bad input is refused whole, with the line:col of what is wrong: YAML's
 * own syntax (libyaml's words), bytes that are not UTF-8 (placed by
 * counting bytes), and a node of the wrong kind where clang-tidy writes
 * a known key. */
static void errors_placed(void **state)
{
	static const struct {
		const char *text;
		size_t len;	/* 0: strlen */
		const char *why;
	} cases[] = {
		{ HEAD("'unterminated"), 0,
		  "5:1: found unexpected end of stream (while scanning a "
		  "quoted scalar from 4:24)" },
		{ HEAD("ok") "     FilePath: a\n", 0,
		  "5:6: did not find expected key (while parsing a block "
		  "mapping from 2:5)" },
		{ HEAD("ok") "\tFilePath: a\n", 0,
		  "5:1: found a tab character that violates indentation "
		  "(while scanning a plain scalar from 4:24)" },
		{ HEAD("caf\xe9"), 0, "4:27: incomplete UTF-8 octet sequence" },
		{ HEAD("a\xff"), 0,
		  "4:25: invalid leading UTF-8 octet (byte 0xff)" },
		{ "Diagnostics: []\n\0junk\n", 21,
		  "2:1: control characters are not allowed (byte 0x00)" },
		{ "- a\n", 0,
		  "1:1: expected clang-tidy's exported fixes (a mapping)" },
		{ "just text\n", 0,
		  "1:1: expected clang-tidy's exported fixes (a mapping)" },
		{ "Diagnostics: { a: b }\n", 0,
		  "1:14: expected a sequence for 'Diagnostics'" },
		{ "Diagnostics: text\n", 0,
		  "1:14: expected a sequence for 'Diagnostics'" },
		{ "Diagnostics:\n  - just text\n", 0,
		  "2:5: expected a mapping for a diagnostic" },
		{ "Diagnostics:\n  - [ a ]\n", 0,
		  "2:5: expected a mapping for a diagnostic" },
		{ HEAD("{ a: b }"), 0, "4:24: expected a scalar for 'Message'" },
		{ HEAD("m") "      Replacements: [ x ]\n", 0,
		  "5:23: expected a mapping for an edit of 'Replacements'" },
		{ HEAD("m") "      FileOffset: 12x\n", 0,
		  "5:19: expected a count of bytes for 'FileOffset', not "
		  "'12x'" },
		{ HEAD("m") "      FileOffset: -1\n", 0,
		  "5:19: expected a count of bytes for 'FileOffset', not "
		  "'-1'" },
		{ HEAD("m") "      FileOffset: ''\n", 0,
		  "5:19: expected a count of bytes for 'FileOffset', not ''" },
		{ HEAD("m") "      FilePath: \"a\\0.c\"\n", 0,
		  "5:17: a NUL character in 'FilePath'" },
		{ "Diagnostics:\n  - &d { DiagnosticName: x }\n  - *d\n", 0,
		  "3:5: an alias (*d), which clang-tidy does not write" },
	};
	tidy_diags d;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		size_t len = cases[i].len ? cases[i].len
					  : strlen(cases[i].text);

		assert_int_equal(parse(cases[i].text, len, &d), 1);
		assert_string_equal(why, cases[i].why);
		assert_int_equal(d.count, 0);
		assert_null(d.items);
	}
}

/* A reader error deep in a long input is placed too, and nothing of what
 * came before it is kept. */
static void late_error_drops_all(void **state)
{
	char text[8192] = "Diagnostics:\n";
	tidy_diags d;

	(void)state;
	for (int i = 0; i < 20; i++)
		strcat(text, "  - DiagnosticName:  c\n"
			     "    DiagnosticMessage: { Message: m }\n");
	strcat(text, "  - DiagnosticName:  \"\\q\"\n");
	assert_int_equal(parse(text, strlen(text), &d), 1);
	assert_string_equal(why, "42:23: found unknown escape character "
				 "(while parsing a quoted scalar from 42:22)");
	assert_int_equal(d.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scalar_styles),
		cmocka_unit_test(fields_read),
		cmocka_unit_test(empty_and_partial),
		cmocka_unit_test(errors_placed),
		cmocka_unit_test(late_error_drops_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
