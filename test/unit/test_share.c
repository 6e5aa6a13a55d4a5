/* test_share.c: the plan of shared precompiled headers (issue 25,
 * checker/cli/plan/share*.c): clang-scan-deps' make rules read, include
 * guards told, header sets chosen and ordered (test_share_sound.c: each
 * unit's use of its set). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "share.h"
#include "share_scan.h"
#include "unit_helpers.h"

/* deps30.txt (clang-scan-deps-19 -format make, Linux 6.1 fs/), two rules
 * cut short: the target alone on its line, and with the main file. */
#define K "/var/tmp/bench/rw/src/linux-source-6.1-6.1.192-3/"
static const char real_deps[] =
	"fs/posix_acl.o: \\\n"
	"  " K "fs/posix_acl.c \\\n"
	"  " K "include/linux/compiler-version.h \\\n"
	"  " K "include/linux/kconfig.h\n"
	"fs/dcache.o: " K "fs/dcache.c \\\n"
	"  " K "include/linux/compiler-version.h \\\n"
	"  " K "include/linux/kconfig.h \\\n"
	"  " K "include/generated/autoconf.h\n";

static void parses_real_output(void **state)
{
	share_deps_list l = { 0 };
	char err[128] = "";

	(void)state;
	assert_int_equal(share_parse_deps(real_deps, strlen(real_deps), &l,
					  err, sizeof(err)), 0);
	assert_int_equal(l.count, 2);
	assert_string_equal(l.items[0].target, "fs/posix_acl.o");
	assert_int_equal(l.items[0].files.count, 3);
	assert_string_equal(l.items[0].files.items[0], K "fs/posix_acl.c");
	assert_string_equal(l.items[0].files.items[2],
			    K "include/linux/kconfig.h");
	assert_string_equal(l.items[1].target, "fs/dcache.o");
	assert_int_equal(l.items[1].files.count, 4);
	assert_string_equal(l.items[1].files.items[0], K "fs/dcache.c");
	assert_string_equal(l.items[1].files.items[3],
			    K "include/generated/autoconf.h");
	share_deps_list_free(&l);
}

/* "\ " is a space of the path, "\\\ " a backslash and a space, "$$" a
 * '$', "\#" a '#'; CR LF splices too. */
static void reads_escapes(void **state)
{
	static const char text[] =
		"a\\ b.o: /s/a\\ b.c /i/x$$y.h \\\r\n"
		"\t/i/h\\#1.h /i/back\\\\\\ slash.h\n\n"
		"c.o : /s/c.c /i/C:\\dir\\h.h";
	share_deps_list l = { 0 };
	char err[128] = "";

	(void)state;
	assert_int_equal(share_parse_deps(text, strlen(text), &l, err,
					  sizeof(err)), 0);
	assert_int_equal(l.count, 2);
	assert_string_equal(l.items[0].target, "a b.o");
	assert_int_equal(l.items[0].files.count, 4);
	assert_string_equal(l.items[0].files.items[0], "/s/a b.c");
	assert_string_equal(l.items[0].files.items[1], "/i/x$y.h");
	assert_string_equal(l.items[0].files.items[2], "/i/h#1.h");
	assert_string_equal(l.items[0].files.items[3], "/i/back\\ slash.h");
	assert_string_equal(l.items[1].target, "c.o");
	assert_int_equal(l.items[1].files.count, 2);
	assert_string_equal(l.items[1].files.items[1], "/i/C:\\dir\\h.h");
	share_deps_list_free(&l);
}

static void bad_text_names_its_line(void **state)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
		{ "a.o: /a.c\n\nb.o /b.c \\\n /c.h\n",
		  "make deps:3: no ':' after the target" },
		{ "a.o: /a.c \\\n /b.h\\", "make deps:2: unterminated escape" },
		{ "a.o: /a.c /b$", "make deps:1: unterminated '$'" },
		{ "a.o:\n", "make deps:1: no main file after the target" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		share_deps_list l = { 0 };
		char err[128] = "";

		assert_int_equal(share_parse_deps(cases[i].text,
						  strlen(cases[i].text), &l,
						  err, sizeof(err)), -1);
		assert_string_equal(err, cases[i].err);
		share_deps_list_free(&l);
	}
}

static int guarded(const char *text)
{
	return share_is_guarded(text, strlen(text));
}

static void guards_told(void **state)
{
	(void)state;
	assert_int_equal(guarded("/* licence */\n// more\n\n"
				 " # ifndef _X_H\n#  define _X_H 1\n"
				 "#if A\n#ifdef B\nint b;\n#endif\n#elif C\n"
				 "#else\n#endif\n/*\n#endif\n*/\n"
				 "char *s = \"#endif\";\n"
				 "#endif /* _X_H */\n  // end\n"), 1);
	assert_int_equal(guarded("#ifndef _X_\\\nH\n#define \\\n_X_H\n#endif"),
			 1);
	assert_int_equal(guarded("/* x */ #pragma once\nint a;\n"), 1);
	assert_int_equal(guarded("#ifndef X\n#define X\n#endif\nint after;\n"),
			 0);
	assert_int_equal(guarded("#ifndef X\n#define Y\n#endif\n"), 0);
	assert_int_equal(guarded("#ifndef X\n#define XY\n#endif\n"), 0);
	assert_int_equal(guarded("int before;\n#pragma once\n"), 0);
	assert_int_equal(guarded("#ifndef X\n#define X\n#else\nint a;\n#endif\n"),
			 0);
	assert_int_equal(guarded("#if !defined(_TRACE_X_H) || "
				 "defined(TRACE_HEADER_MULTI_READ)\n"
				 "#define _TRACE_X_H\n#endif\n"), 0);
	assert_int_equal(guarded("#ifndef X\n#define X\n#if A\n#endif\n"), 0);
	assert_int_equal(guarded("#ifndef X\n#define X\n#endif\n#define Z\n"),
			 0);
	assert_int_equal(guarded(""), 0);
}

static int push(share_strs *v, const char *s)
{
	char **slot = AUDIT_PUSH(v);

	return slot && (*slot = strdup(s)) ? 0 : -1;
}

/* Units written "main h1 h2 ..." ('/i/' before each header, '.h' after;
 * '/s/' and '.c' around the main file). */
static share_deps *units_of(const char *const *lines, size_t n)
{
	share_deps *u = calloc(n, sizeof(*u));

	assert_non_null(u);
	for (size_t i = 0; i < n; i++) {
		char buf[512], *save = NULL;

		snprintf(buf, sizeof(buf), "%s", lines[i]);
		for (char *w = strtok_r(buf, " ", &save); w;
		     w = strtok_r(NULL, " ", &save)) {
			char path[600];

			snprintf(path, sizeof(path), u[i].files.count
				 ? "/i/%s.h" : "/s/%s.c", w);
			assert_int_equal(push(&u[i].files, path), 0);
		}
	}
	return u;
}

/* A file's #include names a path by a tail of it, "./" and "../" left
 * out; the tail must be whole components. */
static void include_names_match_tails(void **state)
{
	static const char text[] = "#include <linux/fs.h>\n"
				   "#include \"../x/y.h\"\n"
				   "#include \"plain.h\"\n"
				   "#include <sys/x.h>\n"
				   "#include \"./a//b.h\"\n";
	share_text_scan s;

	(void)state;
	assert_int_equal(share_scan_text(&s, text, sizeof(text) - 1), 0);
	assert_int_equal(share_names_file(&s, "/s/include/linux/fs.h"), 1);
	assert_int_equal(share_names_file(&s, "linux/fs.h"), 1);
	assert_int_equal(share_names_file(&s, "/s/x/y.h"), 2);
	assert_int_equal(share_names_file(&s, "/s/a/plain.h"), 3);
	assert_int_equal(share_names_file(&s, "plain.h"), 3);
	assert_int_equal(share_names_file(&s, "/s/a//b.h"), 5);
	assert_true(share_names_file(&s, "/s/include/linux/other.h") ==
		    STRSET_NONE);
	assert_true(share_names_file(&s, "/s/include/fs.h") == STRSET_NONE);
	assert_true(share_names_file(&s, "/s/xlinux/fs.h") == STRSET_NONE);
	assert_true(share_names_file(&s, "/s/y.h") == STRSET_NONE);
	assert_int_equal(share_names_file(&s, "/usr/include/sys/x.h"), 4);
	assert_true(share_names_file(&s, "/usr/include/x.h") == STRSET_NONE);
	assert_true(share_names_file(&s, "/s/splain.h") == STRSET_NONE);
	share_scan_release(&s);
}

static void units_free(share_deps *u, size_t n)
{
	for (size_t i = 0; i < n; i++)
		AUDIT_FREE_STRS(&u[i].files);
	free(u);
}

/* Sizes by the header's name: a 100, b 200, c 300, d 50, y 20; e is not
 * shareable; anything else 10. */
static int sizes(void *ctx, const char *path, size_t *size)
{
	static const struct {
		const char *path;
		size_t size;
	} table[] = {
		{ "/i/a.h", 100 }, { "/i/b.h", 200 }, { "/i/c.h", 300 },
		{ "/i/d.h", 50 }, { "/i/y.h", 20 }, { "/i/e.h", 0 },
	};

	(void)ctx;
	*size = 10;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(path, table[i].path))
			*size = table[i].size;
	return strcmp(path, "/i/e.h") != 0;
}

/* The set's headers as "a b c". */
static const char *set_text(const share_pch *p)
{
	static char buf[256];
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < p->headers.count; i++) {
		const char *h = p->headers.items[i];

		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%.*s",
				      i ? " " : "", (int)(strlen(h) - 5), h + 3);
	}
	return buf;
}

static const char *const six[] = {
	"m1 b c a x", "m2 a b c", "m3 a b c d", "m4 a b d", "m5 b d y",
	"m6 e y",
};

/* By hand: the sets are {a b c} 600 (anchor c, units 1-3), {b d} 250
 * (d: 3-5), {a b} 300 (a: 1-4) and {y} 20 (y: 5, 6); gains 1800, then
 * d's 500 (units 4 and 5) over b's 400, then a's 50 (unit 4), y's 20. */
static void chooses_by_gain(void **state)
{
	share_deps *u = units_of(six, 6);
	share_limits lim = { 8, 2 };
	share_plan p;
	static const int want[] = { 0, 0, 0, 2, 1, 3 };

	(void)state;
	assert_int_equal(share_choose(u, 6, &lim, sizes, NULL, &p), 0);
	assert_int_equal(p.pchs.count, 4);
	assert_string_equal(p.pchs.items[0].anchor, "/i/c.h");
	assert_int_equal(p.pchs.items[0].bytes, 600);
	/* The first unit including c opened b, c, a in that order. */
	assert_string_equal(set_text(&p.pchs.items[0]), "b c a");
	assert_string_equal(p.pchs.items[1].anchor, "/i/d.h");
	assert_string_equal(set_text(&p.pchs.items[1]), "b d");
	assert_string_equal(p.pchs.items[2].anchor, "/i/a.h");
	assert_string_equal(set_text(&p.pchs.items[2]), "b a");
	assert_string_equal(p.pchs.items[3].anchor, "/i/y.h");
	assert_string_equal(set_text(&p.pchs.items[3]), "y");
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(p.unit_pch[i], want[i]);
	assert_int_equal(p.pchs.items[0].users, 3);
	assert_int_equal(p.pchs.items[3].users, 1);
	share_plan_free(&p);
	units_free(u, 6);
}

/* min_units 3 leaves y (two units) out: unit 6 has none; max_pchs 2
 * stops after c and d, and unit 4 takes d. */
static void limits_respected(void **state)
{
	share_deps *u = units_of(six, 6);
	share_limits lim = { 8, 3 };
	share_plan p;

	(void)state;
	assert_int_equal(share_choose(u, 6, &lim, sizes, NULL, &p), 0);
	assert_int_equal(p.pchs.count, 3);
	assert_int_equal(p.unit_pch[5], -1);
	assert_int_equal(p.unit_pch[3], 2);
	share_plan_free(&p);
	lim.max_pchs = 2;
	assert_int_equal(share_choose(u, 6, &lim, sizes, NULL, &p), 0);
	assert_int_equal(p.pchs.count, 2);
	assert_int_equal(p.unit_pch[3], 1);
	assert_int_equal(p.unit_pch[5], -1);
	share_plan_free(&p);
	units_free(u, 6);
}

/* q and p make one set of equal gain: the smaller path anchors it. A
 * main file another unit includes is never shared. */
static void ties_and_main_files(void **state)
{
	static const char *const lines[] = {
		"m1 q p", "m2 p q ../s/m1", "m3 q p ../s/m1",
	};
	share_deps *u = units_of(lines, 3);
	share_limits lim = { 8, 2 };
	share_plan p;

	(void)state;
	free(u[1].files.items[3]);
	u[1].files.items[3] = strdup("/s/m1.c");
	free(u[2].files.items[3]);
	u[2].files.items[3] = strdup("/s/m1.c");
	assert_int_equal(share_choose(u, 3, &lim, sizes, NULL, &p), 0);
	assert_int_equal(p.pchs.count, 1);
	assert_string_equal(p.pchs.items[0].anchor, "/i/p.h");
	assert_string_equal(set_text(&p.pchs.items[0]), "q p");
	assert_int_equal(p.pchs.items[0].bytes, 20);
	share_plan_free(&p);
	units_free(u, 3);
}

/* 300 units of 800 headers each (of 1200), chosen well within ctest's
 * time; each unit's set is among its own headers. */
static int any_size(void *ctx, const char *path, size_t *size)
{
	(void)ctx;
	*size = strlen(path) * 100;
	return 1;
}

static void large_input(void **state)
{
	enum { UNITS = 300, HEADERS = 800 };
	share_deps *u = calloc(UNITS, sizeof(*u));
	share_limits lim = { 8, 4 };
	share_plan p;
	clock_t start = clock();

	(void)state;
	assert_non_null(u);
	for (size_t i = 0; i < UNITS; i++) {
		char path[64];

		snprintf(path, sizeof(path), "/s/u%zu.c", i);
		assert_int_equal(push(&u[i].files, path), 0);
		for (size_t k = 0; k < HEADERS; k++) {
			snprintf(path, sizeof(path), "/i/h%zu.h",
				 (k * 7 + i % 5 * 97 + i % 3 * 400) % 1200);
			assert_int_equal(push(&u[i].files, path), 0);
		}
	}
	assert_int_equal(share_choose(u, UNITS, &lim, any_size, NULL, &p), 0);
	assert_true(p.pchs.count >= 1);
	for (size_t i = 0; i < UNITS; i++) {
		const share_pch *s;

		assert_true(p.unit_pch[i] >= 0);
		s = &p.pchs.items[p.unit_pch[i]];
		for (size_t k = 0; k < s->headers.count; k++) {
			int found = 0;

			for (size_t j = 1; j < u[i].files.count && !found; j++)
				found = !strcmp(u[i].files.items[j],
						s->headers.items[k]);
			assert_true(found);
		}
	}
	print_message("large_input: %zu sets in %.2f s of CPU\n", p.pchs.count,
		      (double)(clock() - start) / CLOCKS_PER_SEC);
	share_plan_free(&p);
	units_free(u, UNITS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_real_output),
		cmocka_unit_test(reads_escapes),
		cmocka_unit_test(bad_text_names_its_line),
		cmocka_unit_test(guards_told),
		cmocka_unit_test(include_names_match_tails),
		cmocka_unit_test(chooses_by_gain),
		cmocka_unit_test(limits_respected),
		cmocka_unit_test(ties_and_main_files),
		cmocka_unit_test(large_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
