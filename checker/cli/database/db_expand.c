/* db_expand.c: a compilation database written again with its response
 * files expanded (db_expand.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "db_expand.h"
#include "db_words.h"
#include "json.h"
#include "response_files.h"

/* The words of entry e: its "arguments", else its "command" split as
 * clang's reader splits it ("arguments" first, as clang reads them). */
static int entry_words(const json_value *e, db_words *w)
{
	const json_value *args = json_get(e, "arguments");

	if (!args)
		return db_split_command(json_get(e, "command")->string, w);
	for (size_t i = 0; i < args->count; i++) {
		char **slot = AUDIT_PUSH(w);

		if (!slot || !(*slot = strdup(args->items[i].string)))
			return -1;
	}
	return 0;
}

static int names_response_file(const json_value *e)
{
	db_words w = { 0 };
	int found = entry_words(e, &w) ? 1 : 0;	/* out of memory: rewrite */

	for (size_t i = 1; !found && i < w.count; i++)
		found = rsp_is_response_file(w.items[i]);
	db_words_free(&w);
	return found;
}

enum { PATH_ROOM = PATH_MAX * 2 };

/* base/path, or path when absolute, resolved when it exists (as
 * audit_abs_path, which the units' paths come from), into out[PATH_ROOM]. */
static void resolve(char *out, const char *base, const char *path)
{
	char real[PATH_MAX];

	snprintf(out, PATH_ROOM, "%s%s%s", path[0] == '/' ? "" : base,
		 path[0] == '/' ? "" : "/", path);
	if (realpath(out, real))
		snprintf(out, PATH_ROOM, "%s", real);
}

/* Entry e, its directory absolute and its response files expanded. */
static int put_entry(audit *a, FILE *f, const json_value *e,
		     const char *db_dir, int first)
{
	const char *file = json_get(e, "file")->string;
	char dir[PATH_ROOM], unit[PATH_ROOM];
	db_words raw = { 0 }, words = { 0 };
	int res;

	resolve(dir, db_dir, json_get(e, "directory")->string);
	resolve(unit, dir, file);
	res = entry_words(e, &raw) ||
	      rsp_expand(a, dir, unit, raw.items, raw.count, &words);
	fprintf(f, "%s{\"directory\": ", first ? "" : ",\n");
	json_put_string(f, dir);
	fputs(", \"file\": ", f);
	json_put_string(f, file);
	fputs(", \"arguments\": [", f);
	for (size_t i = 0; !res && i < words.count; i++) {
		fputs(i ? ", " : "", f);
		json_put_string(f, words.items[i]);
	}
	fputs("]}", f);
	db_words_free(&raw);
	db_words_free(&words);
	return res;
}

static int write_expanded(audit *a, const json_value *root,
			  const char *db_dir, const char *path)
{
	FILE *f = fopen(path, "w");
	int res = 0;

	if (!f)
		return cli_error("cannot write '%s': %s", path,
				 cli_strerror(errno));
	fputs("[\n", f);
	for (size_t i = 0; i < root->count && !res; i++)
		res = put_entry(a, f, &root->items[i], db_dir, !i);
	fputs("\n]\n", f);
	if (fclose(f) && !res)
		return cli_error("cannot write '%s': %s", path,
				 cli_strerror(errno));
	return res ? cli_error("out of memory") : CLI_OK;
}

int audit_db_expand(audit *a, const json_value *root, const char *db_dir,
		    char *dir, size_t size)
{
	char path[PATH_MAX + 32];
	size_t i = 0;

	while (i < root->count && !names_response_file(&root->items[i]))
		i++;
	if (i == root->count) {
		snprintf(dir, size, "%s", db_dir);
		return CLI_OK;
	}
	snprintf(dir, size, "%s/expanded", a->tmpdir);
	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);
	if (mkdir(dir, 0700))
		return cli_error("cannot create '%s': %s", dir,
				 cli_strerror(errno));
	return write_expanded(a, root, db_dir, path);
}
