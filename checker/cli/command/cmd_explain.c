/* cmd_explain.c: `flagspace explain`: what the rules know about a flag. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static const char *const explain_usage[] = {
	"flagspace explain %o <name>...",
	NULL,
};

static const cli_spec explain_spec = { explain_usage, NULL, 1 };

static int explain_one(const fs_rules *rules, const char *name, int first)
{
	char *text = NULL;

	switch (fs_query_explain(rules, name, &text)) {
	case FS_QUERY_OK:
		printf("%s%s", first ? "" : "\n", text);
		free(text);
		return CLI_OK;
	case FS_QUERY_NOMEM:
		return cli_error("out of memory");
	default:
		cli_error("unknown flag '%s': no namespace of the rules has it",
			  name);
		return CLI_FOUND;
	}
}

int cmd_explain(cli_ctx *ctx, int argc, const char **argv)
{
	int nargs, res = CLI_OK;

	if ((res = cli_parse(argc, argv, &explain_spec, NULL, ctx, &nargs)))
		return res < 0 ? CLI_OK : res;
	if (!nargs) {
		cli_usage(1, &explain_spec);
		return CLI_FAIL;
	}
	if ((res = cli_load_rules(ctx)))
		return res;
	for (int i = 0; i < nargs; i++) {
		int one = explain_one(ctx->rules, argv[i], i == 0);

		if (one > res)
			res = one;
	}
	return res;
}
