/* test_prefilter_scan.c: what the command line's prefilter reads from one
 * source file: identifiers (through line splices, without header names),
 * includes (quoted, angled, computed) and macro definitions (with ##). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefilter.h"
#include "unit_helpers.h"

static pf_file file;
static char path[] = "/tmp/test_prefilter_scan_XXXXXX";

/* Scans `text` written to a temporary file into `file`. */
static void scan(const char *text)
{
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	memset(&file, 0, sizeof(file));
	file.path = path;
	assert_int_equal(pf_scan_file(&file), 0);
	unlink(path);
	strcpy(path, "/tmp/test_prefilter_scan_XXXXXX");
}

static int has_ident(const char *name)
{
	for (size_t i = 0; i < file.idents.count; i++)
		if (!strcmp(file.idents.items[i], name))
			return 1;
	return 0;
}

static void release(void)
{
	for (size_t i = 0; i < file.idents.count; i++)
		free(file.idents.items[i]);
	free(file.idents.items);
	for (size_t i = 0; i < file.includes.count; i++)
		free(file.includes.items[i].name);
	free(file.includes.items);
	for (size_t i = 0; i < file.defines.count; i++) {
		for (size_t k = 0; k < file.defines.items[i].body.count; k++)
			free(file.defines.items[i].body.items[k]);
		free(file.defines.items[i].body.items);
		free(file.defines.items[i].name);
	}
	free(file.defines.items);
}

static void identifiers_through_splices(void **state)
{
	(void)state;
	scan("int x = O_CRE\\\nAT | AT_REMO\\\r\nVEDIR; /* O_TRUNC */ \"O_PATH\"\n");
	assert_true(file.readable);
	assert_true(has_ident("O_CREAT"));
	assert_true(has_ident("AT_REMOVEDIR"));
	/* Strings count (more units run, none is lost); comments do not. */
	assert_false(has_ident("O_TRUNC"));
	assert_true(has_ident("O_PATH"));
	assert_false(has_ident("O_CRE"));
	assert_false(file.pasted);
	release();
}

/* A comment marker inside a literal, or after a quote that is a digit
 * separator, must not blank the code after it. */
static void literals_hide_no_code(void **state)
{
	(void)state;
	scan("const char *u = \"http://x/*\"; int a = O_APPEND;\n"
	     "char q = '\"'; int b = O_DIRECT; // O_NOATIME\n"
	     "char e = '\\''; int c = O_DSYNC;\n"
	     "int n = 1'000; const char *s = \"/*\"; int d = O_SYNC;\n"
	     "const char *r = R\"x(\" /* )\")x\"; int f = O_TMPFILE;\n"
	     "const char *w = u8\"//\"; int g = O_PATH; /* O_NOCTTY\n"
	     "O_EXCL */ int h = O_LARGEFILE;\n");
	assert_true(has_ident("O_APPEND"));
	assert_true(has_ident("O_DIRECT"));
	assert_true(has_ident("O_DSYNC"));
	assert_true(has_ident("O_SYNC"));
	assert_true(has_ident("O_TMPFILE"));
	assert_true(has_ident("O_PATH"));
	assert_true(has_ident("O_LARGEFILE"));
	assert_false(has_ident("O_NOATIME"));
	assert_false(has_ident("O_NOCTTY"));
	assert_false(has_ident("O_EXCL"));
	release();
}

static void header_names_are_not_identifiers(void **state)
{
	(void)state;
	scan("#include <fcntl.h>\n  #  include \"sys/open.h\"\n"
	     "#include_next <stat.h>\n#include HEADER\n%:import <mman.h>\n");
	assert_false(has_ident("fcntl"));
	assert_false(has_ident("open"));
	assert_true(has_ident("HEADER"));
	assert_int_equal(file.includes.count, 5);
	assert_string_equal(file.includes.items[0].name, "fcntl.h");
	assert_true(file.includes.items[0].angled);
	assert_string_equal(file.includes.items[1].name, "sys/open.h");
	assert_false(file.includes.items[1].angled);
	assert_string_equal(file.includes.items[2].name, "stat.h");
	assert_true(file.includes.items[3].computed);
	assert_string_equal(file.includes.items[4].name, "mman.h");
	release();
}

static void defines_and_pasting(void **state)
{
	(void)state;
	scan("#define MY_FLAGS (O_RDONLY | \\\n AT_EMPTY_PATH)\n"
	     "# define CAT(a, b) a ## b\n"
	     "#define NOTHING\n");
	assert_int_equal(file.defines.count, 3);
	assert_string_equal(file.defines.items[0].name, "MY_FLAGS");
	assert_int_equal(file.defines.items[0].body.count, 2);
	assert_string_equal(file.defines.items[0].body.items[1],
			    "AT_EMPTY_PATH");
	assert_false(file.defines.items[0].pasted);
	assert_true(file.defines.items[1].pasted);
	assert_int_equal(file.defines.items[2].body.count, 0);
	assert_true(file.pasted);
	release();
}

static void digraph_pasting(void **state)
{
	(void)state;
	scan("%:define CAT(a, b) a %:%: b\n");
	assert_true(file.pasted);
	assert_true(file.defines.items[0].pasted);
	release();
}

static void unreadable_file(void **state)
{
	(void)state;
	memset(&file, 0, sizeof(file));
	file.path = "/nonexistent/flagspace/file.c";
	assert_int_equal(pf_scan_file(&file), 0);
	assert_true(file.scanned);
	assert_false(file.readable);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identifiers_through_splices),
		cmocka_unit_test(literals_hide_no_code),
		cmocka_unit_test(header_names_are_not_identifiers),
		cmocka_unit_test(defines_and_pasting),
		cmocka_unit_test(digraph_pasting),
		cmocka_unit_test(unreadable_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
