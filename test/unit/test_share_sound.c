/* test_share_sound.c: whether a unit reads the same with a shared set of
 * headers in front (checker/cli/plan/share_sound.c), on small files
 * written to a temporary folder: each rule both ways. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "share.h"
#include "unit_helpers.h"

static int push(share_strs *v, const char *s)
{
	char **slot = AUDIT_PUSH(v);

	return slot && (*slot = strdup(s)) ? 0 : -1;
}

/* A unit in a temporary folder: main.c includes p1.h, local.h, p2.h; the
 * forced include forced.h includes fin.h. The set is p1.h and p2.h. */
typedef struct fixture {
	char dir[64];
	share_deps unit;
	share_pch pch;
	share_strs forced, unit_args, pch_args;
	share_files files;
	char why[256];
} fixture;

static const char *const base_files[][2] = {
	{ "forced.h", "#ifndef F\n#define F\n#define FORCED 1\n"
		      "#include \"fin.h\"\n#endif\n" },
	{ "fin.h", "#define PR_LEVEL 3\n" },
	{ "p1.h", "#ifndef P1\n#define P1\n#ifndef pr_fmt\n"
		  "#define pr_fmt(fmt) fmt\n#endif\n#define P1_MACRO 1\n"
		  "static int level = PR_LEVEL + FORCED + KBUILD_MODNAME;\n"
		  "#endif\n" },
	{ "local.h", "int local_thing;\n" },
	{ "p2.h", "#ifndef P2\n#define P2\n#define P2_MACRO 2\n"
		  "#ifndef FORCED\n#define FORCED 1\n#endif\n#endif\n" },
	{ "main.c", "#include \"p1.h\"\n#include \"local.h\"\n"
		    "#include \"p2.h\"\nint main_code = P2_MACRO;\n" },
};

static void write_file(fixture *f, const char *name, const char *text)
{
	char path[128];
	FILE *out;

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	out = fopen(path, "w");
	assert_non_null(out);
	fputs(text, out);
	fclose(out);
}

static void add_path(fixture *f, share_strs *v, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	assert_int_equal(push(v, path), 0);
}

/* The fixture with `name`'s text replaced by `text` (NULL: none). */
static void setup(fixture *f, const char *name, const char *text)
{
	static const char *const order[] = { "main.c", "forced.h", "fin.h",
					     "p1.h", "local.h", "p2.h" };

	memset(f, 0, sizeof(*f));
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_share_XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	for (size_t i = 0; i < sizeof(base_files) / sizeof(base_files[0]); i++)
		write_file(f, base_files[i][0],
			   name && !strcmp(name, base_files[i][0])
			   ? text : base_files[i][1]);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		add_path(f, &f->unit.files, order[i]);
	add_path(f, &f->pch.headers, "p1.h");
	add_path(f, &f->pch.headers, "p2.h");
	add_path(f, &f->forced, "forced.h");
}

static int judge(fixture *f)
{
	share_cmd cmd = { &f->forced, &f->unit_args, &f->pch_args };

	return share_sound(&f->files, &f->pch, &f->unit, &cmd, f->why,
			   sizeof(f->why));
}

static void teardown(fixture *f)
{
	char path[128];

	for (size_t i = 0; i < sizeof(base_files) / sizeof(base_files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", f->dir, base_files[i][0]);
		unlink(path);
	}
	for (size_t i = 0; i < f->unit.files.count; i++)
		unlink(f->unit.files.items[i]);
	assert_int_equal(rmdir(f->dir), 0);
	AUDIT_FREE_STRS(&f->unit.files);
	AUDIT_FREE_STRS(&f->forced);
	AUDIT_FREE_STRS(&f->unit_args);
	AUDIT_FREE_STRS(&f->pch_args);
	share_files_free(&f->files);
	share_pch_free(&f->pch);
}

/* One case: the fixture with `file` written as `text` (NULL: as it is)
 * and then `tweak` applied (may be NULL; it may read `more`), its
 * verdict, and why (the folder left out; "" when sound). */
typedef struct sound_case {
	const char *file, *text;
	void (*tweak)(fixture *);
	const char *more;
	int sound;
	const char *why;
} sound_case;

static const char *more;

static void check(const sound_case *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fixture f;
		char why[256];
		size_t len;
		int res;

		setup(&f, c[i].file, c[i].text);
		more = c[i].more;
		if (c[i].tweak)
			c[i].tweak(&f);
		res = judge(&f);
		snprintf(why, sizeof(why), "%s", f.why);
		len = strlen(f.dir) + 1;
		for (char *p; (p = strstr(why, f.dir));)
			memmove(p, p + len, strlen(p + len) + 1);
		teardown(&f);
		if (res != c[i].sound || strcmp(why, c[i].why))
			fail_msg("case %zu: %d \"%s\", not %d \"%s\"", i, res,
				 why, c[i].sound, c[i].why);
	}
}

#define CHECK(cases) check(cases, sizeof(cases) / sizeof((cases)[0]))

static void rewrite_p2(fixture *f)
{
	write_file(f, "p2.h", more);
}

static void sound_as_written(void **state)
{
	static const sound_case cases[] = { { NULL, NULL, NULL, NULL, 1, "" } };

	(void)state;
	CHECK(cases);
}

/* (a): a name defined or undefined before a header of the set that
 * reads it; after the main file's last #include, or after the header
 * (p1.h before local.h), it is read after either way. */
static void defines_before_the_set(void **state)
{
	static const sound_case cases[] = {
		{ "main.c", "#define pr_fmt(fmt) \"x: \" fmt\n"
		  "#include \"p1.h\"\n#include \"local.h\"\n#include \"p2.h\"\n",
		  NULL, NULL, 0,
		  "main.c:1: defines pr_fmt, which the shared header p1.h uses" },
		{ "main.c", "#include \"p1.h\"\n#include \"local.h\"\n"
		  "#include \"p2.h\"\n#define pr_fmt(fmt) \"x: \" fmt\n",
		  NULL, NULL, 1, "" },
		{ "local.h", "#undef P2_MACRO\n", NULL, NULL, 0,
		  "local.h:1: undefines P2_MACRO, which the shared header p2.h "
		  "defines too" },
		{ "local.h", "#undef P1_MACRO\n#define pr_fmt(x) x\n", NULL, NULL,
		  1, "" },
	};

	(void)state;
	CHECK(cases);
}

/* "#ifndef X / #define X" does nothing when a file read before defines X
 * whenever it is read (fin.h: in no branch; forced.h: in its include
 * guard's only; p1.h's P1_MACRO is before local.h, p2.h's P2_MACRO
 * after). */
static void default_definitions(void **state)
{
	static const char p2_uses[] = "#ifndef P2\n#define P2\n"
		"#define P2_MACRO 2\nstatic int u = P1_MACRO + P2_MACRO;\n"
		"#endif\n";
	static const sound_case cases[] = {
		{ "local.h", "#ifndef PR_LEVEL\n#define PR_LEVEL 4\n#endif\n",
		  NULL, NULL, 1, "" },
		{ "local.h", "#ifndef FORCED\n#define FORCED 2\n#endif\n", NULL,
		  NULL, 1, "" },
		{ "main.c", "#ifndef PR_LEVEL\n#define PR_LEVEL 4\n#endif\n"
		  "#include \"p1.h\"\n", NULL, NULL, 1, "" },
		{ "main.c", "#ifndef LEVEL\n#define PR_LEVEL 4\n#endif\n"
		  "#include \"p1.h\"\n", NULL, NULL, 0,
		  "main.c:2: defines PR_LEVEL, which the shared header p1.h "
		  "uses" },
		{ "local.h", "#ifndef P1_MACRO\n#define P1_MACRO 5\n#endif\n",
		  rewrite_p2, p2_uses, 1, "" },
		{ "local.h", "#ifndef P2_MACRO\n#define P2_MACRO 5\n#endif\n",
		  rewrite_p2, p2_uses, 0,
		  "local.h:2: defines P2_MACRO, which the shared header p2.h "
		  "uses" },
	};

	(void)state;
	CHECK(cases);
}

/* (b): a name tested before a header of the set defines it; p1.h comes
 * before, and a forced include defines FORCED either way. defined()'s
 * operand is not expanded, the other names of #if are. */
static void tests_before_the_set(void **state)
{
	static const sound_case cases[] = {
		{ "local.h", "\n#ifdef P2_MACRO\nint x;\n#endif\n", NULL, NULL, 0,
		  "local.h:2: tests P2_MACRO before the shared header p2.h "
		  "defines it" },
		{ "local.h", "#if X || defined(P2_MACRO)\n#endif\n", NULL, NULL,
		  0, "local.h:1: tests P2_MACRO before the shared header p2.h "
		  "defines it" },
		{ "local.h", "#if defined(P1_MACRO) && FORCED\n#endif\n", NULL,
		  NULL, 1, "" },
		{ "local.h", "#define ALIAS P2_MACRO\n"
		  "#if defined(ALIAS) && defined ALIAS\n#endif\n", NULL, NULL, 1,
		  "" },
		{ "local.h", "#define ALIAS P2_MACRO\n#if ALIAS\n#endif\n", NULL,
		  NULL, 0, "local.h:2: uses ALIAS, which may expand to "
		  "P2_MACRO, before the shared header p2.h defines it" },
	};

	(void)state;
	CHECK(cases);
}

/* (d): a name used in code before a header of the set defines it. */
static void uses_before_the_set(void **state)
{
	static const sound_case cases[] = {
		{ "local.h", "int v = P1_MACRO;\nint w = P2_MACRO;\n", NULL, NULL,
		  0, "local.h:2: uses P2_MACRO before the shared header p2.h "
		  "defines it" },
		{ "main.c", "#include \"p1.h\"\nint early = P2_MACRO;\n"
		  "#include \"local.h\"\n#include \"p2.h\"\n", NULL, NULL, 0,
		  "main.c:2: uses P2_MACRO before the shared header p2.h "
		  "defines it" },
		{ "local.h", "int v = P1_MACRO + FORCED;\n", NULL, NULL, 1, "" },
		/* After its own #include of p2.h, local.h reads it after. */
		{ "local.h", "#include \"p2.h\"\nint v = P2_MACRO;\n", NULL, NULL,
		  1, "" },
		{ "local.h", "int v = P2_MACRO;\n#include \"p2.h\"\n", NULL, NULL,
		  0, "local.h:1: uses P2_MACRO before the shared header p2.h "
		  "defines it" },
	};

	(void)state;
	CHECK(cases);
}

/* A name in a replacement list is read where the macro is expanded: in
 * the unit's code after everything, unless the set's own code expands it
 * (a) or an early file's use may reach it (d). A name the set only tests
 * is not expanded: its replacement list is not read; one it tests and
 * then expands is. */
static void through_replacement_lists(void **state)
{
	static const char wrap[] = "#ifndef P2\n#define P2\n#define P2_MACRO 2\n"
		"#define WRAP(x) (x + HIDDEN)\n#endif\n";
	static const char wraps[] = "#ifndef P2\n#define P2\n"
		"#define P2_MACRO 2\n#define WRAP(x) (x + HIDDEN)\n"
		"static int w = WRAP(1);\n#endif\n";
	static const char tested[] = "#ifndef P2\n#define P2\n"
		"#define P2_MACRO 2\n#define WRAPPED HIDDEN2\n#ifdef WRAPPED\n"
		"#endif\n#endif\n";
	static const char tested_and_used[] = "#ifndef P2\n#define P2\n"
		"#define P2_MACRO 2\n#define WRAPPED HIDDEN2\n#ifdef WRAPPED\n"
		"#endif\nstatic int t = WRAPPED;\n#endif\n";
	static const sound_case cases[] = {
		{ "local.h", "#define HIDDEN 3\n", rewrite_p2, wrap, 1, "" },
		{ "local.h", "#define HIDDEN 3\n", rewrite_p2, wraps, 0,
		  "local.h:1: defines HIDDEN, which the shared header p2.h "
		  "uses" },
		{ "local.h", "#define LOCAL_M (P2_MACRO + 1)\nint v;\n", NULL,
		  NULL, 1, "" },
		{ "local.h", "#define LOCAL_M (P2_MACRO + 1)\nint v = LOCAL_M;\n",
		  NULL, NULL, 0, "local.h:2: uses LOCAL_M, which may expand to "
		  "P2_MACRO, before the shared header p2.h defines it" },
		{ "local.h", "#define HIDDEN2 1\n", rewrite_p2, tested, 1, "" },
		{ "local.h", "#define WRAPPED 1\n", rewrite_p2, tested, 0,
		  "local.h:1: defines WRAPPED, which the shared header p2.h "
		  "uses" },
		/* tested first, then expanded: its list is read all the same */
		{ "local.h", "#define HIDDEN2 1\n", rewrite_p2, tested_and_used,
		  0, "local.h:1: defines HIDDEN2, which the shared header p2.h "
		  "uses" },
	};

	(void)state;
	CHECK(cases);
}

/* main.c reads LOCAL_M after p2.h, local.h before it: the second walk
 * from the same name finds what the first could not. */
static void late_and_early(fixture *f)
{
	write_file(f, "p3.h", "#ifndef P3\n#define P3\n#endif\n");
	write_file(f, "main.c", "#include \"p1.h\"\n#include \"local.h\"\n"
		   "#include \"p2.h\"\nint a = LOCAL_M;\n#include \"p3.h\"\n");
	add_path(f, &f->unit.files, "p3.h");
	add_path(f, &f->pch.headers, "p3.h");
}

static void walked_again_from_earlier(void **state)
{
	static const sound_case cases[] = {
		{ "local.h", "#define LOCAL_M P2_MACRO\nint v;\n", late_and_early,
		  NULL, 1, "" },
		{ "local.h", "#define LOCAL_M P2_MACRO\nint v = LOCAL_M;\n",
		  late_and_early, NULL, 0, "local.h:2: uses LOCAL_M, which may "
		  "expand to P2_MACRO, before the shared header p2.h defines "
		  "it" },
	};

	(void)state;
	CHECK(cases);
}

/* p2.h includes p2_inner.h, no header of the set: it moves with p2.h,
 * and its own reads are the set's (p2.h's P2_MACRO before them). */
static void with_inner(fixture *f)
{
	write_file(f, "p2.h", "#ifndef P2\n#define P2\n#define P2_MACRO 2\n"
		   "#include \"p2_inner.h\"\n#endif\n");
	write_file(f, "p2_inner.h", more);
	add_path(f, &f->unit.files, "p2_inner.h");
}

static void inner_files_move_with_the_set(void **state)
{
	static const sound_case cases[] = {
		{ "local.h", "int v = INNER;\n", with_inner, "#define INNER 1\n",
		  0, "local.h:1: uses INNER before the shared header "
		  "p2_inner.h defines it" },
		{ "local.h", "#define LOCAL_X 1\n", with_inner,
		  "#ifdef LOCAL_X\n#endif\n", 0, "local.h:1: defines LOCAL_X, "
		  "which the shared header p2_inner.h uses" },
		{ "local.h", "int v;\n", with_inner, "int w = P2_MACRO;\n", 1,
		  "" },
	};

	(void)state;
	CHECK(cases);
}

/* A header that #undefs what it #defined, in the same branch, leaves no
 * macro behind. */
static void undefined_again(void **state)
{
	static const char same[] = "#ifndef P2\n#define P2\n#define P2_MACRO 2\n"
		"#define u32 unsigned\nu32 x;\n#undef u32\n#endif\n";
	static const char two[] = "#ifndef P2\n#define P2\n#define P2_MACRO 2\n"
		"#ifdef A\n#define u32 unsigned\n#endif\n#ifdef B\n#undef u32\n"
		"#endif\n#endif\n";
	static const sound_case cases[] = {
		{ "local.h", "u32 v;\n", rewrite_p2, same, 1, "" },
		{ "local.h", "u32 v;\n", rewrite_p2, two, 0, "local.h:1: uses "
		  "u32 before the shared header p2.h defines it" },
		{ "local.h", "#define u32 int\n", rewrite_p2, same, 0,
		  "local.h:1: defines u32, which the shared header p2.h uses" },
	};

	(void)state;
	CHECK(cases);
}

static void no_forced(fixture *f)
{
	AUDIT_FREE_STRS(&f->forced);
}

static void included_forced(fixture *f)
{
	no_forced(f);
	write_file(f, "main.c", "#include \"forced.h\"\n#include \"p1.h\"\n"
		   "#include \"local.h\"\n#include \"p2.h\"\n");
}

static void forced_shared(fixture *f)
{
	share_strs h = { 0 };

	add_path(f, &h, "forced.h");
	for (size_t i = 0; i < f->pch.headers.count; i++)
		assert_int_equal(push(&h, f->pch.headers.items[i]), 0);
	AUDIT_FREE_STRS(&f->pch.headers);
	f->pch.headers = h;
}

/* Included by the main file, forced.h is read before the set; given to
 * no #include, it was opened after each line of the main file before it
 * (conservative: the main file's use of P2_MACRO is early). A forced
 * include among the set's headers still defines its names either way. */
static void forced_includes(void **state)
{
	static const sound_case cases[] = {
		{ NULL, NULL, included_forced, NULL, 0, "forced.h:3: defines "
		  "FORCED, which the shared header p2.h uses" },
		{ NULL, NULL, no_forced, NULL, 0, "main.c:4: uses P2_MACRO "
		  "before the shared header p2.h defines it" },
		{ "local.h", "#if FORCED\n#endif\n", forced_shared, NULL, 1, "" },
		{ "local.h", "#if P2_MACRO\n#endif\n", forced_shared, NULL, 0,
		  "local.h:1: tests P2_MACRO before the shared header p2.h "
		  "defines it" },
	};

	(void)state;
	CHECK(cases);
}

static void modname(fixture *f)
{
	assert_int_equal(push(&f->unit_args, "-DKBUILD_MODNAME=\"pipe\""), 0);
}

static void modname_both(fixture *f)
{
	modname(f);
	assert_int_equal(push(&f->pch_args, "-DKBUILD_MODNAME=\"pipe\""), 0);
	assert_int_equal(push(&f->unit_args, "-D"), 0);
	assert_int_equal(push(&f->unit_args, "UNSPELLED"), 0);
}

static void undef_in_pch(fixture *f)
{
	assert_int_equal(push(&f->pch_args, "-U"), 0);
	assert_int_equal(push(&f->pch_args, "KBUILD_MODNAME"), 0);
}

static void p2_macro(fixture *f)
{
	assert_int_equal(push(&f->unit_args, "-DP2_MACRO=5"), 0);
}

static void hidden_modname(fixture *f)
{
	write_file(f, "p1.h", "#ifndef P1\n#define P1\n"
		   "#define PREFIX KBUILD_MODNAME \".\"\n#endif\n");
	modname(f);
}

/* (c): a -D or -U of one command only, of a name the set reads or
 * defines; one only a replacement list of the set names is read in the
 * unit's code, after its -D either way. */
static void command_macros(void **state)
{
	static const sound_case cases[] = {
		{ NULL, NULL, modname, NULL, 0, "the unit's "
		  "-DKBUILD_MODNAME=\"pipe\" is not in the shared headers' "
		  "build, and p1.h uses KBUILD_MODNAME" },
		{ NULL, NULL, modname_both, NULL, 1, "" },
		{ NULL, NULL, undef_in_pch, NULL, 0, "the shared headers' "
		  "build's -UKBUILD_MODNAME is not in the unit's command, and "
		  "p1.h uses KBUILD_MODNAME" },
		{ NULL, NULL, hidden_modname, NULL, 1, "" },
		{ NULL, NULL, p2_macro, NULL, 0, "the unit's -DP2_MACRO=5 is not "
		  "in the shared headers' build, and p2.h defines P2_MACRO" },
	};

	(void)state;
	CHECK(cases);
}

static void gone_before(fixture *f)
{
	free(f->unit.files.items[4]);
	f->unit.files.items[4] = NULL;
	add_path(f, &f->unit.files, "gone.h");
	f->unit.files.items[4] = f->unit.files.items[--f->unit.files.count];
}

static void without_p2(fixture *f)
{
	free(f->unit.files.items[--f->unit.files.count]);
}

static void missing_files(void **state)
{
	static const sound_case cases[] = {
		{ NULL, NULL, gone_before, NULL, 0, "gone.h: cannot be read" },
		{ NULL, NULL, without_p2, NULL, 0, "main.c: does not include "
		  "the shared header p2.h" },
	};

	(void)state;
	CHECK(cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sound_as_written),
		cmocka_unit_test(defines_before_the_set),
		cmocka_unit_test(default_definitions),
		cmocka_unit_test(tests_before_the_set),
		cmocka_unit_test(uses_before_the_set),
		cmocka_unit_test(through_replacement_lists),
		cmocka_unit_test(walked_again_from_earlier),
		cmocka_unit_test(inner_files_move_with_the_set),
		cmocka_unit_test(undefined_again),
		cmocka_unit_test(forced_includes),
		cmocka_unit_test(command_macros),
		cmocka_unit_test(missing_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
