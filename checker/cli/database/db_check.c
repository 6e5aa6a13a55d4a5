/* db_check.c: checks that compile_commands.json has the form clang's
 * JSONCompilationDatabase reads, with the command's own JSON reader:
 * libclang, given a file cut after an entry, prints a YAML error and
 * returns the entries before the cut, so that a truncated database would
 * be audited in part and pass. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "audit.h"
#include "cli.h"
#include "database.h"
#include "fileio.h"
#include "json_read.h"
#include "base/count_of.h"

/* "<path>:<line>:<col>: error: <what>"; returns CLI_FAIL. */
static int bad(const char *path, const json_value *at, const char *what,
	       const char *key)
{
	fprintf(stderr, "%s:%u:%u: error: %s%s%s%s\n", path, at->line,
		at->col, what, key ? " '" : "", key ? key : "",
		key ? "'" : "");
	return CLI_FAIL;
}

static int is_string_array(const json_value *v)
{
	if (v->kind != JSON_ARRAY || !v->count)
		return 0;
	for (size_t i = 0; i < v->count; i++)
		if (v->items[i].kind != JSON_STRING)
			return 0;
	return 1;
}

static int check_entry(const char *path, const json_value *e)
{
	static const char *const strings[] = { "directory", "file" };
	const json_value *cmd, *args;

	if (e->kind != JSON_OBJECT)
		return bad(path, e, "expected a compile command (an object)",
			   NULL);
	for (size_t i = 0; i < FS_COUNT_OF(strings); i++) {
		const json_value *v = json_get(e, strings[i]);

		if (!v)
			return bad(path, e, "missing member", strings[i]);
		if (v->kind != JSON_STRING || !v->string[0])
			return bad(path, v, "expected a non-empty string for",
				   strings[i]);
	}
	cmd = json_get(e, "command");
	args = json_get(e, "arguments");
	if (!cmd && !args)
		return bad(path, e, "missing member 'command' or", "arguments");
	if (cmd && cmd->kind != JSON_STRING)
		return bad(path, cmd, "expected a string for", "command");
	if (args && !is_string_array(args))
		return bad(path, args, "expected a non-empty array of strings "
			   "for", "arguments");
	return CLI_OK;
}

int audit_db_check(const char *path, json_value *root)
{
	char err[128];
	unsigned line = 1, col = 1;
	size_t len;
	char *text = cli_read_all(path, &len);
	int res = CLI_OK;

	if (!text)
		return cli_error("cannot read compilation database '%s': %s",
				 path, cli_strerror(errno));
	if (json_parse(text, len, root, err, sizeof(err), &line, &col)) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", path, line, col, err);
		res = CLI_FAIL;
	} else if (root->kind != JSON_ARRAY) {
		res = bad(path, root, "expected a compilation database (an "
			  "array of compile commands)", NULL);
	}
	for (size_t i = 0; !res && i < root->count; i++)
		res = check_entry(path, &root->items[i]);
	if (res)
		json_free(root);
	free(text);
	return res;
}
