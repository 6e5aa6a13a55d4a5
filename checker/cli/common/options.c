/* options.c: parses a command's options from its table, and prints the
 * table as the command's help. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_list_push(cli_list *list, const char *item)
{
	if (list->count == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 8;
		const char **items = realloc(list->items, cap * sizeof(*items));

		if (!items)
			return -1;
		list->items = items;
		list->cap = cap;
	}
	list->items[list->count++] = item;
	return 0;
}

void cli_list_free(cli_list *list)
{
	free(list->items);
	*list = (cli_list){ 0 };
}

static const cli_option *find_long(const cli_option *opts, const char *name,
				   size_t len)
{
	for (; opts && opts->kind != CLI_OPT_END; opts++)
		if (strlen(opts->long_name) == len &&
		    !strncmp(opts->long_name, name, len))
			return opts;
	return NULL;
}

static const cli_option *find_short(const cli_option *opts, char c)
{
	for (; opts && opts->kind != CLI_OPT_END; opts++)
		if (opts->short_name && opts->short_name == c)
			return opts;
	return NULL;
}

static int store(const cli_option *opt, const char *value)
{
	switch (opt->kind) {
	case CLI_OPT_FLAG:
		*(int *)opt->value = 1;
		return CLI_OK;
	case CLI_OPT_STRING:
		*(const char **)opt->value = value;
		return CLI_OK;
	case CLI_OPT_LIST:
		if (cli_list_push(opt->value, value))
			return cli_error("out of memory");
		return CLI_OK;
	default:
		return CLI_FAIL;
	}
}

/* --name, --name=value, --name value. *i moves past what was used. */
static int parse_long(int argc, const char **argv, int *i,
		      const cli_option *opts, const cli_option *common)
{
	const char *name = argv[*i] + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const cli_option *opt = find_long(opts, name, len);

	if (!opt)
		opt = find_long(common, name, len);
	if (!opt)
		return cli_error("unknown option '--%.*s'", (int)len, name);
	if (opt->kind == CLI_OPT_FLAG) {
		if (eq)
			return cli_error("option '--%s' takes no value",
					 opt->long_name);
		return store(opt, NULL);
	}
	if (eq)
		return store(opt, eq + 1);
	if (*i + 1 >= argc)
		return cli_error("option '--%s' needs a value", opt->long_name);
	return store(opt, argv[++*i]);
}

/* -x, -xVALUE, -x VALUE (one short option per word). */
static int parse_short(int argc, const char **argv, int *i,
		       const cli_option *opts)
{
	const char *word = argv[*i];
	const cli_option *opt = find_short(opts, word[1]);

	if (!opt)
		return cli_error("unknown option '%s'", word);
	if (opt->kind == CLI_OPT_FLAG) {
		if (word[2])
			return cli_error("option '-%c' takes no value",
					 word[1]);
		return store(opt, NULL);
	}
	if (word[2])
		return store(opt, word + 2);
	if (*i + 1 >= argc)
		return cli_error("option '-%c' needs a value", word[1]);
	return store(opt, argv[++*i]);
}

static int is_help(const char *word)
{
	return !strcmp(word, "--help") || !strcmp(word, "-h");
}

int cli_parse(int argc, const char **argv, const cli_option *opts,
	      const char *const *usage, cli_ctx *ctx, int *nargs)
{
	cli_option common[] = {
		{ 0, "rules", CLI_OPT_LIST, ctx ? &ctx->rules_files : NULL,
		  "<file>", "" },
		{ 0, NULL, CLI_OPT_END, NULL, NULL, NULL },
	};
	int only_operands = 0;

	*nargs = 0;
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		int res = CLI_OK;

		/* "-1" is a number to decode, not an option. */

		if (only_operands || w[0] != '-' || !w[1] ||
		    (w[1] >= '0' && w[1] <= '9'))
			argv[(*nargs)++] = w;
		else if (!strcmp(w, "--"))
			only_operands = 1;
		else if (is_help(w)) {
			cli_usage(0, usage, opts, ctx != NULL);
			return -1;
		} else if (w[1] == '-')
			res = parse_long(argc, argv, &i, opts,
					 ctx ? common : NULL);
		else
			res = parse_short(argc, argv, &i, opts);
		if (res != CLI_OK)
			return res;
	}
	return CLI_OK;
}

static void put_option(FILE *out, char short_name, const char *long_name,
		       const char *arg, const char *help)
{
	char left[64];

	if (short_name && arg)
		snprintf(left, sizeof(left), "-%c, --%s %s", short_name,
			 long_name, arg);
	else if (short_name)
		snprintf(left, sizeof(left), "-%c, --%s", short_name,
			 long_name);
	else
		snprintf(left, sizeof(left), "--%s%s%s", long_name,
			 arg ? " " : "", arg ? arg : "");
	fprintf(out, "    %-26s %s\n", left, help);
}

void cli_usage(int to_stderr, const char *const *usage,
	       const cli_option *opts, int with_rules)
{
	FILE *out = to_stderr ? stderr : stdout;

	for (size_t i = 0; usage[i]; i++)
		fprintf(out, "%s%s\n", i ? "   or: " : "usage: ", usage[i]);
	fputc('\n', out);
	for (; opts && opts->kind != CLI_OPT_END; opts++)
		put_option(out, opts->short_name, opts->long_name, opts->arg,
			   opts->help);
	if (with_rules)
		put_option(out, 0, "rules", "<file>",
			   "add the rules of <file> (repeatable)");
	put_option(out, 'h', "help", NULL, "show this help");
}
