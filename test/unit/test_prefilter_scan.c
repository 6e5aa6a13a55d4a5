/* test_prefilter_scan.c: what the command line's prefilter reads from one
 * source file: identifiers (through line splices, without header names),
 * includes (quoted, angled, computed), macro definitions (with ##) and
 * the directive words that are no spelling. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefilter_helpers.h"
#include "unit_helpers.h"

static pf_file file;

static void scan(const char *text)
{
	scan_source(&file, text);
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
	pf_file_free(&file);
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
	assert_int_equal(file.defines.items[0].pastes.count, 0);
	assert_int_equal(file.defines.items[1].pastes.count, 1);
	assert_false(file.defines.items[1].paste_any);
	assert_int_equal(file.defines.items[2].body.count, 0);
	/* A definition is no spelling: its name and body count only where
	 * the macro is expanded (the closure over macros). */
	assert_false(has_ident("MY_FLAGS"));
	assert_false(has_ident("O_RDONLY"));
	assert_false(has_ident("CAT"));
	release();
}

static void digraph_pasting(void **state)
{
	(void)state;
	scan("%:define CAT(a, b) a %:%: b\n");
	assert_int_equal(file.defines.items[0].pastes.count, 1);
	release();
}

static const pf_paste *paste_of(size_t define, size_t k)
{
	assert_true(define < file.defines.count);
	assert_true(k < file.defines.items[define].pastes.count);
	return &file.defines.items[define].pastes.items[k];
}

/* A run of ## as text: "p:name" for a parameter, "*" for anything. */
static const char *ops_text(size_t define, size_t k)
{
	static char text[256];
	const pf_paste *p = paste_of(define, k);

	text[0] = '\0';
	for (size_t i = 0; i < p->ops.count; i++) {
		const pf_op *op = &p->ops.items[i];

		strcat(text, i ? " ## " : "");
		strcat(text, op->kind == PF_OP_RAW ? "p:" : "");
		strcat(text, op->kind == PF_OP_ANY ? "*" : op->text);
	}
	return text;
}

/* What each run of ## can make: known text around the parameters. */
static void what_pastes_make(void **state)
{
	(void)state;
	scan("#define MASK(m) m ## _debug_mask\n"
	     "#define PUB(name) _nc_##name\n"
	     "#define FIXED O_ ## WR ## ONLY\n"
	     "#define MID(a, b) X_ ## a ## _Y ## b ## _Z\n"
	     "#define NUM(n) MAP_ ## 32 ## n\n"
	     "#define STR(x) #x ## _s\n"
	     "#define OPT(a, ...) a ## __VA_OPT__(x)\n"
	     "#define BAD(a) ## a\n"
	     "#define VAR(...) P_ ## __VA_ARGS__\n"
	     "#define NAMED(args...) Q_ ## args\n");
	assert_string_equal(ops_text(0, 0), "p:m ## _debug_mask");
	assert_true(pf_paste_fits(paste_of(0, 0), "lib_debug_mask"));
	assert_false(pf_paste_fits(paste_of(0, 0), "O_RDONLY"));
	assert_string_equal(ops_text(1, 0), "_nc_ ## p:name");
	assert_false(pf_paste_fits(paste_of(1, 0), "_nc"));
	assert_string_equal(ops_text(2, 0), "O_ ## WR ## ONLY");
	assert_true(pf_paste_fits(paste_of(2, 0), "O_WRONLY"));
	assert_false(pf_paste_fits(paste_of(2, 0), "O_WRONLYX"));
	assert_string_equal(ops_text(3, 0), "X_ ## p:a ## _Y ## p:b ## _Z");
	assert_true(pf_paste_fits(paste_of(3, 0), "X__Z"));
	assert_false(pf_paste_fits(paste_of(3, 0), "X_Z"));
	assert_string_equal(ops_text(4, 0), "MAP_ ## 32 ## p:n");
	assert_true(pf_paste_fits(paste_of(4, 0), "MAP_32BIT"));
	/* The parameter of #x: taken as open as any. */
	assert_string_equal(ops_text(5, 0), "p:x ## _s");
	assert_true(file.defines.items[6].paste_any);
	assert_true(file.defines.items[7].paste_any);
	assert_string_equal(ops_text(8, 0), "P_ ## p:__VA_ARGS__");
	assert_true(file.defines.items[8].variadic);
	assert_string_equal(ops_text(9, 0), "Q_ ## p:args");
	assert_int_equal(file.defines.items[9].params.count, 1);
	release();
}

/* Words the preprocessor tests but never expands are no spelling; the
 * words of #if, #elif and #pragma are. Comments go first, as in phase 3. */
static void directives_that_expand_nothing(void **state)
{
	(void)state;
	scan("#ifndef O_CLOEXEC\n# define O_CLOEXEC 0\n#endif\n"
	     "#ifdef O_PATH\n#undef O_NOCTTY\n#elifdef O_DSYNC\n#endif\n"
	     "#if !defined O_DIRECT && defined(O_SYNC) || O_NDELAY\n"
	     "#elif defined ( O_EXCL ) || FNDELAY\n#endif\n"
	     "#pragma omp parallel if(O_TMPFILE)\n"
	     "/* a comment */ #define HIDDEN O_APPEND\n"
	     "/* #define COMMENTED O_TRUNC */\n");
	assert_false(has_ident("O_CLOEXEC"));
	assert_false(has_ident("O_PATH"));
	assert_false(has_ident("O_NOCTTY"));
	assert_false(has_ident("O_DSYNC"));
	assert_false(has_ident("O_DIRECT"));
	assert_false(has_ident("O_SYNC"));
	assert_false(has_ident("O_EXCL"));
	assert_true(has_ident("O_NDELAY"));
	assert_true(has_ident("FNDELAY"));
	assert_true(has_ident("O_TMPFILE"));
	assert_false(has_ident("O_APPEND"));
	assert_int_equal(file.defines.count, 2);
	assert_string_equal(file.defines.items[1].name, "HIDDEN");
	assert_string_equal(file.defines.items[1].body.items[0], "O_APPEND");
	release();
}

/* __has_include looks for a header without reading it: a probe, whose
 * search path matters to whether two configurations read the same. */
static void has_include_probes(void **state)
{
	(void)state;
	scan("#ifdef __has_include\n"
	     "#if __has_include(<a.h>) && __has_include_next ( \"b/c.h\" )\n"
	     "#endif\n#endif\n"
	     "#if __has_include(HEADER)\n#endif\n"
	     "#define HAS __has_include\n"
	     "int my__has_include;\n");
	assert_int_equal(file.includes.count, 4);
	assert_true(file.includes.items[0].probe);
	assert_string_equal(file.includes.items[0].name, "a.h");
	assert_true(file.includes.items[0].angled);
	assert_string_equal(file.includes.items[1].name, "b/c.h");
	assert_false(file.includes.items[1].angled);
	assert_true(file.includes.items[2].computed);
	assert_true(file.includes.items[3].computed);
	assert_true(file.includes.items[3].probe);
	release();
}

static void unreadable_file(void **state)
{
	(void)state;
	memset(&file, 0, sizeof(file));
	file.path = "/nonexistent/flagspace/file.c";
	assert_int_equal(pf_scan_file(&file, NULL), 0);
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
		cmocka_unit_test(directives_that_expand_nothing),
		cmocka_unit_test(what_pastes_make),
		cmocka_unit_test(has_include_probes),
		cmocka_unit_test(unreadable_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
