/* test_compiler_flags.c: the one table of compiler flags
 * (checker/cli/compiler/compiler_flags.c) and what the stages that ask
 * it decide. Before it, four files each knew some flags and disagreed:
 * the plan's configurations took -I=dir (a directory under the sysroot)
 * for dir and --include-directory for a search directory the prefilter
 * called opaque; -isystem-after x read as the directory "-after"; and
 * -gcc-toolchain as a -g debug flag. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "compiler_flags.h"
#include "plan.h"
#include "prefilter.h"
#include "unit_helpers.h"

typedef struct flag_case {
	const char *command;	/* words split at spaces */
	size_t at;
	cflag_kind kind;
	size_t words;
	const char *value;	/* NULL: none */
} flag_case;

static const flag_case cases[] = {
	{ "cc -o a.o", 1, CFLAG_OUTPUT, 2, "a.o" },
	{ "cc -oa.o", 1, CFLAG_OUTPUT, 1, "a.o" },
	{ "cc -objcmt-migrate-literals", 1, CFLAG_OTHER, 1, NULL },
	{ "cc -c", 1, CFLAG_OUTPUT, 1, NULL },
	{ "cc -MF a.d -MT a.o", 3, CFLAG_OUTPUT, 2, "a.o" },
	{ "cc -Wp,-MMD,fs/.a.o.d", 1, CFLAG_DEPFILE, 1, NULL },
	{ "cc -Wp,-DX", 1, CFLAG_OPAQUE, 1, NULL },
	{ "cc -Wall", 1, CFLAG_UNREAD, 1, NULL },
	{ "cc -Werror=format", 1, CFLAG_OTHER, 1, NULL },
	{ "cc -Wno-error", 1, CFLAG_OTHER, 1, NULL },
	{ "cc -Wfatal-errors", 1, CFLAG_OTHER, 1, NULL },
	{ "cc -g3", 1, CFLAG_UNREAD, 1, NULL },
	{ "cc -gcc-toolchain /opt/gcc", 1, CFLAG_OPAQUE, 2, "/opt/gcc" },
	{ "cc --gcc-install-dir=/opt/gcc", 1, CFLAG_OPAQUE, 1, NULL },
	{ "cc -Iinc", 1, CFLAG_SEARCH, 1, "inc" },
	{ "cc -I inc", 1, CFLAG_SEARCH, 2, "inc" },
	{ "cc -I=/inc", 1, CFLAG_OPAQUE, 1, NULL },
	{ "cc --include-directory=inc", 1, CFLAG_SEARCH, 1, "inc" },
	{ "cc --include-directory-after=inc", 1, CFLAG_OPAQUE, 1, NULL },
	{ "cc -iquote q", 1, CFLAG_SEARCH, 2, "q" },
	{ "cc -isystem-after x", 1, CFLAG_OPAQUE, 2, "x" },
	{ "cc -isystem /s", 1, CFLAG_SEARCH, 2, "/s" },
	{ "cc -isysroot /r", 1, CFLAG_OPAQUE, 2, "/r" },
	{ "cc -include-pch a.pch", 1, CFLAG_READS_FILE, 2, "a.pch" },
	{ "cc -ivfsoverlay o.yaml", 1, CFLAG_OVERLAY, 2, "o.yaml" },
	{ "cc -ivfsoverlayo.yaml", 1, CFLAG_OVERLAY, 1, "o.yaml" },
	{ "cc -iwithprefixbefore p", 1, CFLAG_OPAQUE, 2, "p" },
	{ "cc -imultilib x", 1, CFLAG_OPAQUE, 1, NULL },
	{ "cc -include config.h", 1, CFLAG_FORCED, 2, "config.h" },
	{ "cc -imacros m.h", 1, CFLAG_FORCED, 2, "m.h" },
	{ "cc -include", 1, CFLAG_FORCED, 1, NULL },
	{ "cc -nostdinc", 1, CFLAG_NARROWS, 1, NULL },
	{ "cc -DX=1", 1, CFLAG_DEFINE, 1, "X=1" },
	{ "cc -D X", 1, CFLAG_DEFINE, 2, "X" },
	{ "cc --define-macro=Y", 1, CFLAG_DEFINE, 1, "Y" },
	{ "cc -U X", 1, CFLAG_UNDEFINE, 2, "X" },
	{ "cc -fPIE", 1, CFLAG_PIC, 1, NULL },
	{ "cc -fno-pic", 1, CFLAG_PIC, 1, NULL },
	{ "cc -fplugin=x.so", 1, CFLAG_LOADS_CODE, 1, NULL },
	{ "cc -Xclang -load -Xclang x.so", 1, CFLAG_LOADS_CODE, 4, "x.so" },
	{ "cc -Xclang -add-plugin", 1, CFLAG_LOADS_CODE, 2, NULL },
	{ "cc -Xclang -fno-pch-timestamp", 1, CFLAG_OPAQUE, 2, NULL },
	/* files passed on to clang -cc1: followed when a word of its own */
	{ "cc -Xclang -include -Xclang h.h", 1, CFLAG_FORCED, 4, "h.h" },
	{ "cc -Xclang=-imacros -Xclang=m.h", 1, CFLAG_FORCED, 2, "m.h" },
	{ "cc -Xpreprocessor -include -Xpreprocessor h.h", 1, CFLAG_FORCED, 4,
	  "h.h" },
	{ "cc -Xclang -include-pch -Xclang a.pch", 1, CFLAG_READS_FILE, 4,
	  "a.pch" },
	{ "cc -Xclang -ivfsoverlay -Xclang o.yaml", 1, CFLAG_OVERLAY, 4,
	  NULL },
	{ "cc -Wp,-include,h.h", 1, CFLAG_FORCED, 1, NULL },
	{ "cc -Wp,-imacros,m.h,-DX", 1, CFLAG_FORCED, 1, NULL },
	{ "cc -Xclang -includeh.h", 1, CFLAG_READS_FILE, 2, NULL },
	{ "cc -cc1 -include-pch a.pch", 2, CFLAG_READS_FILE, 2, "a.pch" },
	{ "cc -cc1 -include h.h", 2, CFLAG_FORCED, 2, "h.h" },
	{ "cc /clang:-include /clang:h.h", 1, CFLAG_FORCED, 2, "h.h" },
	{ "cc /clang:-include-pch /clang:a.pch", 1, CFLAG_READS_FILE, 2,
	  "a.pch" },
	{ "cc @args.rsp", 1, CFLAG_OPAQUE, 1, NULL },
	{ "cc -O2", 1, CFLAG_OTHER, 1, NULL },
	{ "gcc -mindirect-branch=thunk-extern", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -mindirect-branch-register", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -mfunction-return=thunk", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -mfunction-return=thunk-inline", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -mpreferred-stack-boundary=3", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -fconserve-stack", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -fno-ipa-cp-clone", 1, CFLAG_GCC_ONLY, 1, NULL },
	{ "gcc -fno-var-tracking-assignments", 1, CFLAG_GCC_ONLY, 1, NULL },
	/* clang takes these: kept */
	{ "gcc -fno-var-tracking", 1, CFLAG_OTHER, 1, NULL },
	{ "gcc -mindirect-branch-cs-prefix", 1, CFLAG_OTHER, 1, NULL },
	{ "gcc -mfunction-return=thunk-extern", 1, CFLAG_OTHER, 1, NULL },
	{ "gcc -mfunction-return=keep", 1, CFLAG_OTHER, 1, NULL },
	{ "gcc -mskip-rax-setup", 1, CFLAG_OTHER, 1, NULL },
	{ "gcc -falign-jumps=1", 1, CFLAG_OTHER, 1, NULL },
};

static void every_spelling(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
		char buf[256];
		size_t n;
		char **args = split_words(cases[k].command, &n, buf,
					  sizeof(buf));
		cflag f = cflag_at(args, n, cases[k].at);

		if (f.kind != cases[k].kind || f.words != cases[k].words)
			fail_msg("'%s' at %zu: kind %d words %zu, want %d %zu",
				 cases[k].command, cases[k].at, f.kind,
				 f.words, cases[k].kind, cases[k].words);
		if (cases[k].value)
			assert_string_equal(f.value, cases[k].value);
		else if (f.kind != CFLAG_OPAQUE && f.kind != CFLAG_LOADS_CODE)
			assert_null(f.value);	/* not followed: dropped */
		free(args);
	}
}

static void macro_names(void **state)
{
	char *args[] = { "cc", "-DNAME=1", "-UOTHER", "-Iinc" };
	const char *name = NULL;
	cflag f;

	(void)state;
	f = cflag_at(args, 4, 1);
	assert_int_equal(cflag_macro(&f, &name), 4);
	assert_memory_equal(name, "NAME", 4);
	f = cflag_at(args, 4, 2);
	assert_int_equal(cflag_macro(&f, &name), 5);
	f = cflag_at(args, 4, 3);
	assert_int_equal(cflag_macro(&f, &name), 0);
}

static audit_tu unit(char **args, size_t n)
{
	audit_tu tu;

	memset(&tu, 0, sizeof(tu));
	tu.dir = "/src";
	tu.file = "/src/a.c";
	tu.args.items = args;
	tu.args.count = n;
	return tu;
}

/* kbuild's dependency file names its unit: two commands that differ only
 * there are one configuration, as two -MF would be. */
static void dependency_files_are_output(void **state)
{
	char *x[] = { "cc", "-Wp,-MMD,a/.x.o.d", "-c", "a.c" };
	char *y[] = { "cc", "-Wp,-MMD,b/.x.o.d", "-c", "a.c" };
	audit_tu a = unit(x, 4), b = unit(y, 4);

	(void)state;
	assert_true(audit_same_config(&a, &b));
	x[1] = "-DX";
	assert_false(audit_same_config(&a, &b));
}

/* The prefilter follows --include-directory=dir as -I dir, and a
 * sysroot-relative -I=dir not at all. */
static void prefilter_reads_search_flags(void **state)
{
	char *x[] = { "cc", "--include-directory=/inc", "-iquote", "/q",
		      "-c", "a.c" };
	char *y[] = { "cc", "-I=/inc", "a.c" };
	audit_tu a = unit(x, 6), b = unit(y, 3);
	pf_plan plan;

	(void)state;
	memset(&plan, 0, sizeof(plan));
	pf_read_command(&plan, &a);
	assert_false(plan.partial);
	assert_int_equal(plan.user.count, 1);
	assert_string_equal(plan.user.items[0], "/inc");
	assert_int_equal(plan.quote.count, 1);
	for (size_t i = 0; i < plan.user.count; i++)
		free(plan.user.items[i]);
	for (size_t i = 0; i < plan.quote.count; i++)
		free(plan.quote.items[i]);
	free(plan.user.items);
	free(plan.quote.items);
	memset(&plan, 0, sizeof(plan));
	pf_read_command(&plan, &b);
	assert_true(plan.partial && plan.must_run);
	assert_int_equal(plan.user.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_spelling),
		cmocka_unit_test(macro_names),
		cmocka_unit_test(dependency_files_are_output),
		cmocka_unit_test(prefilter_reads_search_flags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
