/* cmd_decode.c: `flagspace decode`: a number read the way an argument or
 * struct field reads it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static const char *const decode_usage[] = {
	"flagspace decode %o <function> (<param> | <position>) <value>",
	"flagspace decode %o <struct> <field> <value>",
	NULL,
};

static const cli_spec decode_spec = { decode_usage, NULL, 1 };

/* A C number: 0x241, 0755, 577, -1; also 64-bit masks up to 0xffff...f. */
static int parse_value(const char *text, int64_t *value)
{
	char *end;

	errno = 0;
	if (text[0] == '-') {
		long long v = strtoll(text, &end, 0);

		*value = v;
	} else {
		unsigned long long v = strtoull(text, &end, 0);

		*value = (int64_t)v;
	}
	if (errno || end == text || *end)
		return cli_error("invalid value '%s': expected a number such "
				 "as 0x241, 0755 or 577", text);
	return CLI_OK;
}

int cmd_decode(cli_ctx *ctx, int argc, const char **argv)
{
	int nargs, res;
	int64_t value;
	char *text = NULL;

	if ((res = cli_parse(argc, argv, &decode_spec, NULL, ctx, &nargs)))
		return res < 0 ? CLI_OK : res;
	if (nargs != 3) {
		cli_usage(1, &decode_spec);
		return CLI_FAIL;
	}
	if ((res = parse_value(argv[2], &value)) || (res = cli_load_rules(ctx)))
		return res;
	switch (fs_query_decode(ctx->rules, argv[0], argv[1], value, &text)) {
	case FS_QUERY_OK:
		printf("%s\n", text);
		break;
	case FS_QUERY_UNKNOWN_PARAM:
		cli_error("unknown argument '%s' of '%s': the rules know %s",
			  argv[1], argv[0], text);
		res = CLI_FOUND;
		break;
	case FS_QUERY_UNKNOWN_NAME:
		cli_error("unknown function or struct '%s': no rules describe "
			  "it", argv[0]);
		res = CLI_FOUND;
		break;
	default:
		res = cli_error("out of memory");
	}
	free(text);
	return res;
}
