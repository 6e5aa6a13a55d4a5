/* fuzz_decode.c: libFuzzer harness for `flagspace decode`'s arguments:
 * cmd_decode() (checker/cli/command/cmd_decode.c) with its option parsing, the
 * number reading and fs_query_decode() over the built-in rules.
 *
 * The input is the command line after `decode`, one argument per line.
 * cmd_decode.c is compiled for this harness with cli_load_rules renamed to
 * fuzz_load_rules (test/fuzz/CMakeLists.txt): the built-in rules are loaded
 * once, not for every input, and --rules files are never opened. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { MAX_ARGS = 16 };

static fs_rules *builtin;

int fuzz_load_rules(cli_ctx *ctx)
{
	ctx->rules = builtin;
	return CLI_OK;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	builtin = fs_rules_new();
	if (!builtin || fs_rules_add_builtin(builtin, NULL, NULL))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	const char *argv[MAX_ARGS + 1];
	int argc = 1, res;
	cli_ctx ctx = { { NULL, 0, 0 }, NULL };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	argv[0] = "decode";
	for (char *p = text; argc < MAX_ARGS;) {
		char *nl = strchr(p, '\n');

		argv[argc++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	argv[argc] = NULL;
	res = cmd_decode(&ctx, argc, argv);
	if (res != CLI_OK && res != CLI_FOUND && res != CLI_FAIL)
		abort();
	if (ctx.rules && ctx.rules != builtin)
		abort();
	cli_list_free(&ctx.rules_files);
	free(text);
	return 0;
}
