/* options_help.c: a command's usage lines and --help, printed from its
 * options table (cli.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* (here rather than in options.c, which calls cli_usage: one way.) */
const cli_option cli_rules_options[] = {
	{ .long_name = "rules", .kind = CLI_OPT_LIST,
	  .offset = offsetof(cli_ctx, rules_files), .arg = "<file>",
	  .help = "add the rules of <file> (repeatable)" },
	{ .kind = CLI_OPT_END },
};

static const cli_option help_help = {
	.short_name = 'h', .long_name = "help", .kind = CLI_OPT_FLAG,
	.help = "show this help",
};

/* The value's name: a choice's words in parentheses when it has none.
 * `bar` is how alternatives are separated: " | " in a usage line, "|" in
 * the help. */
static void put_value(FILE *out, const cli_option *o, const char *bar)
{
	if (o->kind == CLI_OPT_CHOICE && !o->arg) {
		fputc('(', out);
		for (size_t i = 0; o->choices[i]; i++)
			fprintf(out, "%s%s", i ? bar : "", o->choices[i]);
		fputc(')', out);
		return;
	}
	for (const char *p = o->arg; *p; p++)
		if (*p == '|')
			fputs(bar, out);
		else
			fputc(*p, out);
}

/* " [-j <n>]", " [--fix]", " [--format=(text | json)]", " [--rules
 * <file>]...", " [--fail-on=<x>[,<x>...]]". */
static void put_usage_option(FILE *out, const cli_option *o)
{
	if (o->kind == CLI_OPT_FLAG && o->short_name)
		fprintf(out, " [-%c]", o->short_name);
	else if (o->kind == CLI_OPT_FLAG)
		fprintf(out, " [--%s]", o->long_name);
	if (o->kind == CLI_OPT_FLAG)
		return;
	if (o->short_name)
		fprintf(out, " [-%c ", o->short_name);
	else
		fprintf(out, o->kind == CLI_OPT_LIST ? " [--%s " : " [--%s=",
			o->long_name);
	put_value(out, o, " | ");
	if (o->kind == CLI_OPT_WORDS) {
		fputs("[,", out);
		put_value(out, o, " | ");
		fputs("...]", out);
	}
	fputs(o->kind == CLI_OPT_LIST ? "]..." : "]", out);
}

static void put_usage_line(FILE *out, const char *line,
			   const cli_spec *spec)
{
	const char *at = strstr(line, "%o");
	size_t before = at ? (size_t)(at - line) : strlen(line);

	/* each option brings its space */
	if (at && before && line[before - 1] == ' ')
		before--;
	fprintf(out, "%.*s", (int)before, line);
	for (const cli_option *o = spec->opts;
	     at && o && o->kind != CLI_OPT_END; o++)
		if (!(o->flags & CLI_OPT_OWN_USAGE))
			put_usage_option(out, o);
	if (at && spec->with_rules)
		put_usage_option(out, cli_rules_options);
	fprintf(out, "%s\n", at ? at + 2 : "");
}

/* "    -p, --build-dir <dir>      help". */
static void put_help_option(FILE *out, const cli_option *o)
{
	char left[128];
	FILE *mem = fmemopen(left, sizeof(left), "w");

	if (!mem)
		return;
	if (o->short_name)
		fprintf(mem, "-%c, ", o->short_name);
	fprintf(mem, "--%s", o->long_name);
	if (o->kind != CLI_OPT_FLAG) {
		fputc(' ', mem);
		put_value(mem, o, "|");
		if (o->kind == CLI_OPT_WORDS)
			fputs(",...", mem);
	}
	fclose(mem);
	fprintf(out, "    %-26s %s\n", left, o->help);
}

void cli_usage(int to_stderr, const cli_spec *spec)
{
	FILE *out = to_stderr ? stderr : stdout;

	for (size_t i = 0; spec->usage[i]; i++) {
		fputs(i ? "   or: " : "usage: ", out);
		put_usage_line(out, spec->usage[i], spec);
	}
	fputc('\n', out);
	for (const cli_option *o = spec->opts; o && o->kind != CLI_OPT_END;
	     o++)
		put_help_option(out, o);
	if (spec->with_rules)
		put_help_option(out, cli_rules_options);
	put_help_option(out, &help_help);
}
