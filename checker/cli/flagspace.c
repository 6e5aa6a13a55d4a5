/* flagspace.c: the flagspace command: global options, then one subcommand
 * from the table below. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tidy_pair.h"
#include "base/count_of.h"

/* What a command needs before it runs. Each command loads these itself,
 * after its own options (which may add --rules); the table says it so
 * that a reader sees every command's needs in one place. */
enum {
	NEEDS_NOTHING = 0,
	NEEDS_RULES = 1 << 0,	/* loads the rules (takes --rules) */
	NEEDS_TIDY = 1 << 1,	/* runs clang-tidy with the plugin */
};

typedef struct cli_command {
	const char *name;
	cli_cmd_fn fn;
	unsigned needs;
	const char *summary;
} cli_command;

static const cli_command commands[] = {
	{ "audit", cmd_audit, NEEDS_RULES | NEEDS_TIDY,
	  "analyse the translation units of a compilation database" },
	{ "decode", cmd_decode, NEEDS_RULES,
	  "read a number the way an argument or field reads it" },
	{ "explain", cmd_explain, NEEDS_RULES,
	  "show what the rules know about a flag" },
	{ "merge", cmd_merge, NEEDS_NOTHING,
	  "join the JSON reports of audit --shard runs into one" },
	{ "rules", cmd_rules, NEEDS_RULES, "check rules files" },
};

static const char *const main_usage[] = {
	"flagspace [--version] [--help] [--rules <file>]... <command> [<args>]",
	NULL,
};

static const cli_spec main_spec = { main_usage, NULL, 1 };

static void put_commands(FILE *out)
{
	fputs("\ncommands:\n", out);
	for (size_t i = 0; i < FS_COUNT_OF(commands); i++)
		fprintf(out, "    %-10s %s\n", commands[i].name,
			commands[i].summary);
	fputs("\n'flagspace <command> --help' describes one command.\n", out);
}

static const cli_command *find_command(const char *name)
{
	for (size_t i = 0; i < FS_COUNT_OF(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* The options before the command name; returns the index of the command
 * name, or -1 when the run ends here with *status. */
static int parse_global(int argc, const char **argv, cli_ctx *ctx,
			int *status)
{
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *w = argv[i];

		if (!strcmp(w, "--version")) {
			printf("flagspace %s\n", FS_VERSION);
			tidy_pairs_print();
			return -1;
		} else if (!strcmp(w, "--help") || !strcmp(w, "-h")) {
			cli_usage(0, &main_spec);
			put_commands(stdout);
			return -1;
		} else if (!strncmp(w, "--rules=", 8)) {
			cli_list_push(&ctx->rules_files, w + 8);
		} else if (!strcmp(w, "--rules")) {
			if (i + 1 == argc) {
				*status = cli_error("option '--rules' needs a "
						    "value");
				return -1;
			}
			cli_list_push(&ctx->rules_files, argv[++i]);
		} else {
			*status = cli_error("unknown option '%s'", w);
			return -1;
		}
	}
	if (i == argc) {
		cli_usage(1, &main_spec);
		put_commands(stderr);
		*status = CLI_FAIL;
		return -1;
	}
	return i;
}

int main(int argc, char **argv)
{
	const char **args = (const char **)argv;
	cli_ctx ctx = { { NULL, 0, 0 }, NULL };
	const cli_command *cmd;
	int status = CLI_OK;
	int at;

	/* Before anything opens a file that would become stdout, and before
	 * an audit that could not show its report. */
	if (fcntl(STDOUT_FILENO, F_GETFD) < 0)
		return cli_error("cannot write the report: %s",
				 cli_strerror(errno));
	at = parse_global(argc, args, &ctx, &status);

	if (at >= 0) {
		cmd = find_command(args[at]);
		if (!cmd)
			status = cli_error("unknown command '%s'; see "
					   "'flagspace --help'", args[at]);
		else
			status = cmd->fn(&ctx, argc - at, args + at);
	}
	fs_rules_free(ctx.rules);
	cli_list_free(&ctx.rules_files);
	if (cli_close_stdout())
		status = CLI_FAIL;
	return status;
}
