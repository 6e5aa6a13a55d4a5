/* test_command_filter.c: the one filter of compile commands
 * (checker/cli/compiler/command_filter.c): which flags are dropped when
 * the database is read, and why, in every spelling clang accepts (the
 * two-word and joined -Xclang, -Wp, and -Xpreprocessor, clang's own
 * compile job), and the command each process started for a unit gets.
 * Before it, only -fplugin= and the two-word -Xclang -load were dropped:
 * -Xclang=-load -Xclang=x.so, -Wp,-load,x.so and --config=x.cfg loaded
 * code in clang 19 and 22, and -Xclang -dependency-file wrote into the
 * audited tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_filter.h"
#include "unit_helpers.h"

typedef struct filter_case {
	const char *command;	/* words split at spaces */
	size_t at;
	const char *why;	/* NULL: kept */
	size_t words;
} filter_case;

#define LOADS "loads code; --allow-plugins keeps it"
#define CONFIG "reads a config file"
#define WRITES "writes a file"

static const filter_case cases[] = {
	/* code */
	{ "cc -fplugin=x.so", 1, LOADS, 1 },
	{ "cc -fplugin-arg-x-y", 1, LOADS, 1 },
	{ "cc -fpass-plugin=x.so", 1, LOADS, 1 },
	{ "cc -Xclang -load -Xclang x.so", 1, LOADS, 4 },
	{ "cc -Xclang -load=x.so -c", 1, LOADS, 2 },
	{ "cc -Xclang=-load -Xclang=x.so -c", 1, LOADS, 2 },
	{ "cc -Xclang=-load -Xclang x.so -c", 1, LOADS, 3 },
	{ "cc -Xclang -load -DX -Xclang x.so", 1, LOADS, 2 },
	{ "cc -Xclang -add-plugin -Xclang p", 1, LOADS, 4 },
	{ "cc -Xclang -plugin-arg-p -Xclang v", 1, LOADS, 4 },
	{ "cc -Xclang -fpass-plugin=x.so", 1, LOADS, 2 },
	{ "cc -Wp,-load,x.so", 1, LOADS, 1 },
	{ "cc -Wp,-DX,-load -Wp,x.so,-DY", 1, LOADS, 2 },
	{ "cc -Wp,-load -Xpreprocessor x.so", 1, LOADS, 3 },
	{ "cc -Xpreprocessor -load -Xpreprocessor x.so", 1, LOADS, 4 },
	{ "cc -Xclang -load -Wp,x.so", 1, LOADS, 2 },
	{ "cc -Xarch_x86_64 -fplugin=x.so", 1, LOADS, 2 },
	{ "cc --offload-arch-tool=./t", 1, LOADS, 1 },
	{ "clang -cc1 -load x.so", 2, LOADS, 2 },
	{ "clang-cl /clang:-fplugin=x.so", 1, LOADS, 1 },
	{ "clang-cl -clang:-Xclang -clang:-load /clang:-Xclang /clang:x", 1,
	  LOADS, 4 },
	/* configs */
	{ "cc --config=x.cfg", 1, CONFIG, 1 },
	{ "cc --config x.cfg", 1, CONFIG, 2 },
	{ "cc --config-system-dir=/d", 1, CONFIG, 1 },
	{ "cc --config-user-dir=/d", 1, CONFIG, 1 },
	{ "cc -multi-lib-config=m.yaml", 1, CONFIG, 1 },
	{ "cc -Xclang @x.rsp", 1, CONFIG, 2 },
	{ "cc -Wp,@x.rsp", 1, CONFIG, 1 },
	{ "clang-cl /clang:--config /clang:x.cfg", 1, CONFIG, 2 },
	/* files written */
	{ "cc -ftime-trace", 1, WRITES, 1 },
	{ "cc -ftime-trace=/tmp/t.json", 1, WRITES, 1 },
	{ "cc -ftime-trace-granularity=0", 1, WRITES, 1 },
	{ "cc --serialize-diagnostics d.dia", 1, WRITES, 2 },
	{ "cc -fcrash-diagnostics-dir=/d", 1, WRITES, 1 },
	{ "cc -gen-reproducer=always", 1, WRITES, 1 },
	{ "cc -save-temps", 1, WRITES, 1 },
	{ "cc -save-temps=obj", 1, WRITES, 1 },
	{ "cc --save-temps", 1, WRITES, 1 },
	{ "cc -save-stats=obj", 1, WRITES, 1 },
	{ "cc -fproc-stat-report=r.csv", 1, WRITES, 1 },
	{ "cc -MJ a.json", 1, WRITES, 2 },
	{ "cc -gen-cdb-fragment-path /d", 1, WRITES, 2 },
	{ "cc -fmodules-cache-path=/m", 1, WRITES, 1 },
	{ "cc -Xclang -dependency-file -Xclang x.d", 1, WRITES, 4 },
	{ "cc -Xclang -header-include-file -Xclang h", 1, WRITES, 4 },
	{ "cc -Xclang -serialize-diagnostic-file -Xclang d", 1, WRITES, 4 },
	{ "cc -Xclang -stats-file=s.json", 1, WRITES, 2 },
	{ "cc -Xclang -o -Xclang x.o", 1, WRITES, 4 },
	{ "cc -Xclang -fixit", 1, WRITES, 2 },
	{ "cc -Wp,-dependency-file,x.d", 1, WRITES, 1 },
	/* kept */
	{ "cc -Xclang -fno-pch-timestamp", 1, NULL, 2 },
	{ "cc -Xclang=-fno-pch-timestamp", 1, NULL, 1 },
	{ "cc -Wp,-DX", 1, NULL, 1 },
	{ "cc --no-default-config", 1, NULL, 1 },
	{ "cc -Xarch_x86_64 -O2", 1, NULL, 2 },
	{ "clang-cl /clang:-O2 /clang:-DX", 1, NULL, 1 },
	{ "cc -o a.o", 1, NULL, 2 },
	{ "cc -MD -MF a.d", 2, NULL, 2 },
	{ "cc -Wp,-MD,a.d", 1, NULL, 1 },
	{ "cc -mllvm -x", 1, NULL, 2 },
	{ "clang -cc1 -dependency-file x.d", 2, NULL, 2 },
	{ "cc -DX", 1, NULL, 1 },
};

/* Whether the filter drops the flag of c as c says, and why. */
static void check_case(const filter_case *c)
{
	char buf[256];
	size_t n;
	char **args = split_words(c->command, &n, buf, sizeof(buf));
	cflag f = cflag_at(args, n, c->at);
	const char *why = cflag_drop_why(&f, 0);
	int same_why = why && c->why ? !strcmp(why, c->why) : why == c->why;

	if (f.words != c->words || !same_why)
		fail_msg("'%s' at %zu: %zu words, %s; want %zu, %s", c->command,
			 c->at, f.words, why ? why : "kept", c->words,
			 c->why ? c->why : "kept");
	free(args);
}

static void every_spelling(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++)
		check_case(&cases[k]);
}

/* The value of a plugin flag names the plugin, whatever the spelling. */
static void plugin_values(void **state)
{
	char *two[] = { "cc", "-Xclang", "-load", "-Xclang", "x.so" };
	char *joined[] = { "cc", "-Xclang=-load", "-Xclang=y.so" };
	char *job[] = { "clang", "-cc1", "-load", "z.so" };

	(void)state;
	assert_string_equal(cflag_at(two, 5, 1).value, "x.so");
	assert_string_equal(cflag_at(joined, 3, 1).value, "y.so");
	assert_string_equal(cflag_at(job, 4, 2).value, "z.so");
}

static void allow_plugins_keeps_only_code(void **state)
{
	char *args[] = { "cc", "-fplugin=x.so", "--config=c.cfg" };
	cflag plugin = cflag_at(args, 3, 1), config = cflag_at(args, 3, 2);

	(void)state;
	assert_null(cflag_drop_why(&plugin, 1));
	assert_string_equal(cflag_drop_why(&config, 1), CONFIG);
}

static void expect_words(const char **got, size_t n, const char *want)
{
	char joined[512] = "";

	for (size_t i = 0; i < n; i++)
		snprintf(joined + strlen(joined), sizeof(joined) -
			 strlen(joined), "%s%s", i ? " " : "", got[i]);
	assert_string_equal(joined, want);
}

/* A process gets no output flag of the build, nor LLVM's options, and
 * --no-default-config after the program when its LLVM has it. */
static void run_words(void **state)
{
	char *args[] = { "gcc", "-DX", "-c", "a.c", "-o", "a.o", "-MD", "-MF",
			 "a.d", "-Wp,-MMD,.a.d", "-mllvm", "-x", "-Iinc" };
	char *job[] = { "clang", "-cc1", "-dependency-file", "x.d", "a.c" };
	const char *out[16];
	size_t n;

	(void)state;
	n = cflag_run_words(args, 13, NULL, 1, out);
	expect_words(out, n, "gcc --no-default-config -DX a.c -Iinc");
	n = cflag_run_words(args, 13, "/usr/bin/clang", 0, out);
	expect_words(out, n, "/usr/bin/clang -DX a.c -Iinc");
	n = cflag_run_words(job, 5, NULL, 1, out);
	expect_words(out, n, "clang -cc1 a.c");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_spelling),
		cmocka_unit_test(plugin_values),
		cmocka_unit_test(allow_plugins_keeps_only_code),
		cmocka_unit_test(run_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
