/* cli.h: what the flagspace command's parts share: the run context, the
 * option tables, loading the rules, and error reporting. */
#ifndef FS_CLI_H
#define FS_CLI_H

#include <stddef.h>
#include <stdint.h>

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

/* What an option's value is: how it is read, checked, stored and shown.
 * Each stores into the field at cli_option.offset of the struct given to
 * cli_parse, of the C type in the comment. */
typedef enum cli_opt_kind {
	CLI_OPT_END,
	CLI_OPT_FLAG,		/* int: set to 1 */
	CLI_OPT_STRING,		/* const char *: the last one given wins */
	CLI_OPT_PATH,		/* const char *: a file or folder, as given;
				   the stage that opens it says what is
				   wrong with it */
	CLI_OPT_LIST,		/* cli_list: each one given is appended */
	CLI_OPT_WORDS,		/* const char *: words separated by commas,
				   read by the command */
	CLI_OPT_UINT,		/* unsigned: a whole number from min to max */
	CLI_OPT_CHOICE,		/* const char *: one of `choices` */
	CLI_OPT_SIZE,		/* uint64_t: bytes, or a number with K, M or G
				   (cli_size_parse) */
} cli_opt_kind;

/* Left out of a usage line's "%o": another usage line spells it. */
#define CLI_OPT_OWN_USAGE 1u

/* One line of an options table: -s, --long[=ARG], help text. The table
 * ends with an entry of kind CLI_OPT_END. The usage line, --help, the
 * errors for a wrong value, and the test that the man page and
 * docs/cli.md list every option (test/tools/cli_options_test.py) come
 * from it. */
typedef struct cli_option {
	char short_name;	/* 0: none */
	const char *long_name;
	cli_opt_kind kind;
	size_t offset;		/* of the value in the struct cli_parse fills */
	const char *arg;	/* the value's name, "<file>"; a choice's
				   words when NULL */
	const char *help;
	unsigned long min, max;	/* CLI_OPT_UINT: the range */
	const char *unit;	/* CLI_OPT_UINT: what the number counts, in
				   its error ("seconds"; NULL: "a number") */
	const char *const *choices;	/* CLI_OPT_CHOICE: NULL-ended */
	unsigned flags;		/* CLI_OPT_OWN_USAGE */
} cli_option;

/* A command's usage lines (git's notation; "%o" in a line stands for
 * every option of the table, then [--rules <file>]... when the command
 * takes it) and its options. */
typedef struct cli_spec {
	const char *const *usage;	/* NULL-ended */
	const cli_option *opts;		/* NULL: none of its own */
	int with_rules;			/* takes --rules (into cli_ctx) */
} cli_spec;

/* --rules, which every command of cli_spec.with_rules takes: its values
 * go into cli_ctx. */
extern const cli_option cli_rules_options[];

/* A command as it runs: the options every command takes, set before and
 * after the command name. */
typedef struct cli_ctx {
	cli_list rules_files;	/* --rules, in order */
	fs_rules *rules;	/* loaded by cli_load_rules */
} cli_ctx;

typedef int (*cli_cmd_fn)(cli_ctx *ctx, int argc, const char **argv);

/* Parses argv[1..argc) (argv[0] is the command name) against spec->opts,
 * storing each value into `values`, plus --help and, with
 * spec->with_rules, --rules into ctx. A value is checked as its kind says
 * ("invalid --format 'xml': expected text, json, ..."). The operands are
 * moved to argv[0..*nargs). Returns CLI_OK, CLI_FAIL after printing a
 * one-line error, or -1 when --help was given and the usage was printed
 * (the command exits 0). */
int cli_parse(int argc, const char **argv, const cli_spec *spec,
	      void *values, cli_ctx *ctx, int *nargs);
/* Prints the usage lines and the options table, to stdout or stderr. */
void cli_usage(int to_stderr, const cli_spec *spec);
int cli_list_push(cli_list *list, const char *item);
void cli_list_free(cli_list *list);
/* Parses a size: a number of bytes with an optional K, M or G
 * (1024-based), more than 0. Returns 0, or -1 for anything else. */
int cli_size_parse(const char *text, uint64_t *bytes);

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
