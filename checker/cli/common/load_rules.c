/* load_rules.c: the rule set a command runs with: the built-in rules, then
 * each --rules file in the order given. */
#include "cli.h"

int cli_load_rules(cli_ctx *ctx)
{
	cli_tally tally = { 0, 0 };

	fs_rules_free(ctx->rules);	/* a command may load again */
	ctx->rules = fs_rules_new();
	if (!ctx->rules)
		return cli_error("out of memory");
	if (fs_rules_add_builtin(ctx->rules, cli_report, &tally))
		return cli_error("the built-in rules do not load");
	for (size_t i = 0; i < ctx->rules_files.count; i++) {
		const char *path = ctx->rules_files.items[i];

		if (!cli_is_readable("rules file", path))
			return CLI_FAIL;
		if (fs_rules_add_file(ctx->rules, path, cli_report, &tally))
			return cli_error("rules file '%s' has errors; nothing "
					 "was run", path);
	}
	return CLI_OK;
}
