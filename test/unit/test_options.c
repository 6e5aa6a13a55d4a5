/* test_options.c: a command's options table (checker/cli/common/options.c,
 * options_help.c): each kind of value read, checked and stored, the
 * errors for a wrong one, and the usage line and --help printed from it. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "unit_helpers.h"

typedef struct values {
	int flag;
	const char *text;
	const char *path;
	cli_list list;
	const char *words;
	unsigned count;
	const char *choice;
	uint64_t size;
} values;

static const char *const colours[] = { "auto", "always", "never", NULL };

#define AT(field) offsetof(values, field)
static const cli_option table[] = {
	{ .long_name = "flag", .kind = CLI_OPT_FLAG, .offset = AT(flag),
	  .help = "a flag" },
	{ .short_name = 't', .long_name = "text", .kind = CLI_OPT_STRING,
	  .offset = AT(text), .arg = "<text>", .help = "any text" },
	{ .long_name = "path", .kind = CLI_OPT_PATH, .offset = AT(path),
	  .arg = "<file>", .help = "a file", .flags = CLI_OPT_OWN_USAGE },
	{ .long_name = "item", .kind = CLI_OPT_LIST, .offset = AT(list),
	  .arg = "<item>", .help = "repeatable" },
	{ .long_name = "words", .kind = CLI_OPT_WORDS, .offset = AT(words),
	  .arg = "<w>", .help = "words" },
	{ .short_name = 'j', .long_name = "jobs", .kind = CLI_OPT_UINT,
	  .offset = AT(count), .arg = "<n>", .min = 1, .max = 256,
	  .help = "a count" },
	{ .long_name = "wait", .kind = CLI_OPT_UINT, .offset = AT(count),
	  .arg = "<seconds>", .min = 1, .max = 60, .unit = "seconds",
	  .help = "seconds" },
	{ .long_name = "colour", .kind = CLI_OPT_CHOICE, .offset = AT(choice),
	  .choices = colours, .help = "one of three" },
	{ .long_name = "size", .kind = CLI_OPT_SIZE, .offset = AT(size),
	  .arg = "<size>", .help = "bytes" },
	{ .kind = CLI_OPT_END },
};

static const char *const usage[] = {
	"t %o <operand>...",
	"t [--path=<file>] <operand>",
	NULL,
};
static const cli_spec spec = { usage, table, 1 };

/* What the last call printed on stderr and on stdout. */
static char err[2048], out[4096];

static void capture(int fd, FILE *log, int *saved)
{
	fflush(fd == 1 ? stdout : stderr);
	*saved = dup(fd);
	dup2(fileno(log), fd);
}

static void release(int fd, FILE *log, int saved, char *into, size_t size)
{
	size_t len;

	fflush(fd == 1 ? stdout : stderr);
	dup2(saved, fd);
	close(saved);
	rewind(log);
	len = fread(into, 1, size - 1, log);
	into[len] = '\0';
	fclose(log);
}

/* cli_parse over the words (NULL-ended, the command name first added). */
static int parse(values *v, cli_ctx *ctx, int *nargs, const char **argv)
{
	FILE *e = tmpfile(), *o = tmpfile();
	int argc = 0, saved_e, saved_o, res;

	assert_non_null(e);
	assert_non_null(o);
	while (argv[argc])
		argc++;
	memset(v, 0, sizeof(*v));
	capture(2, e, &saved_e);
	capture(1, o, &saved_o);
	res = cli_parse(argc, argv, &spec, v, ctx, nargs);
	release(1, o, saved_o, out, sizeof(out));
	release(2, e, saved_e, err, sizeof(err));
	return res;
}

static void stores_each_kind(void **state)
{
	const char *argv[] = { "t", "--flag", "-tx", "--path", "p", "op",
			       "--item=a", "--item", "b", "--words=a,b",
			       "-j", "8", "--colour=never", "--size=2K",
			       "--rules", "r", NULL };
	cli_ctx ctx = { { NULL, 0, 0 }, NULL };
	values v;
	int nargs;

	(void)state;
	assert_int_equal(parse(&v, &ctx, &nargs, argv), CLI_OK);
	assert_int_equal(v.flag, 1);
	assert_string_equal(v.text, "x");
	assert_string_equal(v.path, "p");
	assert_int_equal(v.list.count, 2);
	assert_string_equal(v.list.items[1], "b");
	assert_string_equal(v.words, "a,b");
	assert_int_equal(v.count, 8);
	assert_string_equal(v.choice, "never");
	assert_int_equal(v.size, 2048);
	assert_int_equal(ctx.rules_files.count, 1);
	assert_int_equal(nargs, 1);
	assert_string_equal(argv[0], "op");
	cli_list_free(&v.list);
	cli_list_free(&ctx.rules_files);
}

static void expect_error(const char *word, const char *message)
{
	const char *argv[] = { "t", word, NULL };
	cli_ctx ctx = { { NULL, 0, 0 }, NULL };
	values v;
	int nargs;

	assert_int_equal(parse(&v, &ctx, &nargs, argv), CLI_FAIL);
	if (!strstr(err, message))
		fail_msg("'%s' not in: %s", message, err);
	cli_list_free(&v.list);
}

static void refuses_wrong_values(void **state)
{
	(void)state;
	expect_error("-j0", "invalid -j value '0': expected a number from 1 "
		     "to 256");
	expect_error("--jobs=257", "invalid -j value '257'");
	expect_error("--jobs=4x", "invalid -j value '4x'");
	expect_error("--wait=61", "invalid --wait '61': expected seconds "
		     "from 1 to 60");
	expect_error("--wait=-1", "invalid --wait '-1'");
	expect_error("--colour=blue", "invalid --colour 'blue': expected "
		     "auto, always or never");
	expect_error("--size=lots", "invalid --size 'lots': expected bytes, "
		     "or a number with K, M or G");
	expect_error("--flag=1", "option '--flag' takes no value");
	expect_error("--text", "option '--text' needs a value");
	expect_error("--nope", "unknown option '--nope'");
	expect_error("-x", "unknown option '-x'");
}

/* Without cli_spec.with_rules' context, --rules is no option. */
static void rules_only_with_a_context(void **state)
{
	const char *argv[] = { "t", "--rules", "r", NULL };
	values v;
	int nargs;

	(void)state;
	assert_int_equal(parse(&v, NULL, &nargs, argv), CLI_FAIL);
	assert_non_null(strstr(err, "unknown option '--rules'"));
}

static void help_from_the_table(void **state)
{
	const char *argv[] = { "t", "--help", NULL };
	cli_ctx ctx = { { NULL, 0, 0 }, NULL };
	values v;
	int nargs;

	(void)state;
	assert_int_equal(parse(&v, &ctx, &nargs, argv), -1);
	if (!strstr(out, "usage: t [--flag] [-t <text>] [--item <item>]... "
		    "[--words=<w>[,<w>...]] [-j <n>] [--wait=<seconds>] "
		    "[--colour=(auto | always | never)] [--size=<size>] "
		    "[--rules <file>]... <operand>...\n"
		    "   or: t [--path=<file>] <operand>\n"))
		fail_msg("usage: %s", out);
	assert_non_null(strstr(out, "    -t, --text <text>"));
	assert_non_null(strstr(out, "    --colour (auto|always|never) one"));
	assert_non_null(strstr(out, "    --words <w>,...            words"));
	assert_non_null(strstr(out, "    --rules <file>             add"));
	assert_non_null(strstr(out, "    -h, --help                 show"));
}

/* --cache-size (moved from test_cache.c with cli_size_parse). */
static void sizes(void **state)
{
	uint64_t n = 0;

	(void)state;
	assert_int_equal(cli_size_parse("4096", &n), 0);
	assert_int_equal(n, 4096);
	assert_int_equal(cli_size_parse("64K", &n), 0);
	assert_int_equal(n, 64 << 10);
	assert_int_equal(cli_size_parse("512m", &n), 0);
	assert_int_equal(n, (uint64_t)512 << 20);
	assert_int_equal(cli_size_parse("2G", &n), 0);
	assert_int_equal(n, (uint64_t)2 << 30);
	assert_int_equal(cli_size_parse("0", &n), -1);
	assert_int_equal(cli_size_parse("", &n), -1);
	assert_int_equal(cli_size_parse("-1", &n), -1);
	assert_int_equal(cli_size_parse("1T", &n), -1);
	assert_int_equal(cli_size_parse("1KB", &n), -1);
	assert_int_equal(cli_size_parse("99999999999999999999", &n), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stores_each_kind),
		cmocka_unit_test(refuses_wrong_values),
		cmocka_unit_test(rules_only_with_a_context),
		cmocka_unit_test(help_from_the_table),
		cmocka_unit_test(sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
