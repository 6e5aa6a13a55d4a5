/* cli.h: what the flagspace command's parts share: the run context, the
 * option tables, loading the rules, and error reporting. */
#ifndef FS_CLI_H
#define FS_CLI_H

#include <stddef.h>

#include "flagspace.h"

/* Exit statuses of every command. */
enum {
	CLI_OK = 0,		/* nothing found, or the query succeeded */
	CLI_FOUND = 1,		/* findings, errors in a rules file, an unknown name */
	CLI_FAIL = 2,		/* could not run: bad usage, unreadable input */
	CLI_INCOMPLETE = 3,	/* audit, merge: some units not analysed or
				   with compile errors (--allow-incomplete) */
};

/* A repeatable string option (--rules FILE ...). */
typedef struct cli_list {
	const char **items;
	size_t count;
	size_t cap;
} cli_list;

typedef enum cli_opt_kind {
	CLI_OPT_END,
	CLI_OPT_FLAG,		/* int *: set to 1 */
	CLI_OPT_STRING,		/* const char **: the last one given wins */
	CLI_OPT_LIST,		/* cli_list *: each one given is appended */
} cli_opt_kind;

/* One line of an options table: -s, --long[=ARG], help text. The table
 * ends with an entry of kind CLI_OPT_END. */
typedef struct cli_option {
	char short_name;	/* 0: none */
	const char *long_name;
	cli_opt_kind kind;
	void *value;
	const char *arg;	/* "<file>" for options that take one */
	const char *help;
} cli_option;

/* A command as it runs: the options every command takes, set before and
 * after the command name. */
typedef struct cli_ctx {
	cli_list rules_files;	/* --rules, in order */
	fs_rules *rules;	/* loaded by cli_load_rules */
} cli_ctx;

typedef int (*cli_cmd_fn)(cli_ctx *ctx, int argc, const char **argv);

/* Parses argv[1..argc) (argv[0] is the command name) against `opts`, plus
 * --help and, with `ctx`, --rules. The operands are moved to argv[0..*nargs).
 * Returns CLI_OK, CLI_FAIL after printing a one-line error, or -1 when
 * --help was given and the usage was printed (the command exits 0). */
int cli_parse(int argc, const char **argv, const cli_option *opts,
	      const char *const *usage, cli_ctx *ctx, int *nargs);
/* Prints the usage lines and the options table, to stdout or stderr. */
void cli_usage(int to_stderr, const char *const *usage,
	       const cli_option *opts, int with_rules);
int cli_list_push(cli_list *list, const char *item);
void cli_list_free(cli_list *list);

/* Loads the built-in rules and each --rules file into ctx->rules, printing
 * problems as "file:line:col: error: message". Returns CLI_OK or CLI_FAIL. */
int cli_load_rules(cli_ctx *ctx);
/* Prints rules diagnostics (an fs_report_fn); ctx is a cli_tally. */
typedef struct cli_tally {
	size_t errors;
	size_t warnings;
} cli_tally;
void cli_report(void *ctx, fs_severity severity, const char *where,
		const char *message);
/* Whether `path` is a regular file that can be opened for reading (never
 * waits: a FIFO is refused); prints "cannot read rules file 'x': no such
 * file or directory" or "...: not a regular file (a FIFO)" when not. */
int cli_is_readable(const char *what, const char *path);

/* "flagspace: " + message, on stderr. Returns CLI_FAIL. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
int cli_error(const char *fmt, ...);
/* Whether everything written to stdout so far reached it: flushes, and
 * prints "cannot write the report: <why>" (once) when not (a full disk,
 * /dev/full, a closed pipe or descriptor). Returns CLI_OK or CLI_FAIL. */
int cli_check_stdout(void);
/* cli_check_stdout(), then closes stdout, which can fail too. */
int cli_close_stdout(void);
/* Writes the message into why[size] (a reason a caller reports) and
 * returns -1. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int cli_set_why(char *why, size_t size, const char *fmt, ...);
/* strerror(errnum), starting lower case as the messages do
 * (fs_strerror, base/error_text.h). */
const char *cli_strerror(int errnum);

int cmd_audit(cli_ctx *ctx, int argc, const char **argv);
int cmd_decode(cli_ctx *ctx, int argc, const char **argv);
int cmd_explain(cli_ctx *ctx, int argc, const char **argv);
int cmd_merge(cli_ctx *ctx, int argc, const char **argv);
int cmd_rules(cli_ctx *ctx, int argc, const char **argv);

#endif
