/* test_db_words.c: a compile command's words split as clang splits them
 * (checker/cli/database/db_words.c): a database's "command" string as
 * libclang 19's JSONCompilationDatabase returned it, and a response
 * file's text as clang 19's driver read it (clang -### @file). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_words.h"
#include "unit_helpers.h"

/* The words joined with '|'. */
static void expect(const db_words *w, const char *want)
{
	char got[512] = "";

	for (size_t i = 0; i < w->count; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
			 i ? "|" : "", w->items[i]);
	assert_string_equal(got, want);
}

typedef struct split_case {
	const char *text;
	const char *words;	/* joined with '|' */
} split_case;

static const split_case commands[] = {
	{ "cc -c a.c", "cc|-c|a.c" },
	{ "  cc   -DX=1  ", "cc|-DX=1" },
	{ "cc 'a b'\\ c \"x\\\"y\" -c t.c", "cc|a b c|x\"y|-c|t.c" },
	{ "cc '-DQ=\\n'", "cc|-DQ=\\n" },		/* no escape in '' */
	{ "cc -DA=\"b c\"d", "cc|-DA=b cd" },
	{ "cc \"\" x", "cc||x" },			/* an empty word */
	{ "cc\t-c", "cc\t-c" },				/* only ' ' splits */
	{ "cc x\\", "cc|x" },
};

static const split_case responses[] = {
	{ "-DA=a\"b c\"d\n", "-DA=ab cd" },
	{ "-DB='x\\'y'", "-DB=x'y" },			/* escapes in '' */
	{ "-DC=\"\"\n\"\"\n-DD=p\\ q", "-DC=|-DD=p q" },	/* "" alone: none */
	{ "-DE=\"s\\\\t\"", "-DE=s\\t" },
	{ "-DF=tab\tsep\r\n@inner.rsp", "-DF=tab|sep|@inner.rsp" },
	{ "'unterminated", "unterminated" },
	{ "", "" },
};

static void commands_split(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(commands) / sizeof(*commands); i++) {
		db_words w = { 0 };

		assert_int_equal(db_split_command(commands[i].text, &w), 0);
		expect(&w, commands[i].words);
		db_words_free(&w);
	}
}

static void responses_split(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(responses) / sizeof(*responses); i++) {
		db_words w = { 0 };
		const char *t = responses[i].text;

		assert_int_equal(db_split_response(t, strlen(t), &w), 0);
		expect(&w, responses[i].words);
		db_words_free(&w);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(commands_split),
		cmocka_unit_test(responses_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
