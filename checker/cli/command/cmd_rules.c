/* cmd_rules.c: `flagspace rules check`: validates users' rules files the
 * way the checker would load them. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *const rules_usage[] = {
	"flagspace rules check %o <file>...",
	NULL,
};

static const cli_spec rules_spec = { rules_usage, NULL, 1 };

/* Each file is checked on top of the built-in rules and the --rules files,
 * as it would be loaded, but without the files checked before it: one
 * file's mistakes do not hide or cause another's. */
static int check_file(cli_ctx *ctx, const char *path, cli_tally *tally)
{
	fs_rules *rules;
	int res;

	if (!cli_is_readable("rules file", path))
		return CLI_FAIL;
	if ((res = cli_load_rules(ctx)))
		return res;
	rules = ctx->rules;
	ctx->rules = NULL;
	res = fs_rules_add_file(rules, path, cli_report, tally) ? CLI_FOUND
								: CLI_OK;
	fs_rules_free(rules);
	return res;
}

int cmd_rules(cli_ctx *ctx, int argc, const char **argv)
{
	cli_tally tally = { 0, 0 };
	int nargs, res = CLI_OK;

	if ((res = cli_parse(argc, argv, &rules_spec, NULL, ctx, &nargs)))
		return res < 0 ? CLI_OK : res;
	if (nargs < 2 || strcmp(argv[0], "check")) {
		if (nargs && !strcmp(argv[0], "check"))
			cli_error("rules check needs a rules file to check");
		else if (nargs)
			cli_error("unknown rules command '%s'", argv[0]);
		cli_usage(1, &rules_spec);
		return CLI_FAIL;
	}
	for (int i = 1; i < nargs; i++) {
		int one = check_file(ctx, argv[i], &tally);

		if (one > res)
			res = one;
	}
	if (tally.errors || tally.warnings)
		fprintf(stderr, "%zu error%s and %zu warning%s\n", tally.errors,
			tally.errors == 1 ? "" : "s", tally.warnings,
			tally.warnings == 1 ? "" : "s");
	return res;
}
