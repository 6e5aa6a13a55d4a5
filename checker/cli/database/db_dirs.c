/* db_dirs.c: a unit whose compile command's "directory" is not a
 * directory is not run (clang-tidy aborts there, with signal 6, and no
 * compiler can start in it): it is noted as not analysed, with the place
 * of its entry in compile_commands.json. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"
#include "cli.h"
#include "database.h"
#include "fileio.h"
#include "json_read.h"

/* Why dir cannot be a unit's directory, or NULL when it can. */
static const char *bad_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st))
		return errno == ENOENT || errno == ENOTDIR ? "does not exist"
							   : "cannot be read";
	return S_ISDIR(st.st_mode) ? NULL : "is not a directory";
}

/* Whether the database entry e is the command of tu: its directory and
 * file as audit_db.c reads them. */
static int is_entry_of(const json_value *e, const char *db_dir,
		       const audit_tu *tu)
{
	const json_value *dir = json_get(e, "directory");
	const json_value *file = json_get(e, "file");
	char *d, *f;
	int same;

	if (!dir || !file || dir->kind != JSON_STRING ||
	    file->kind != JSON_STRING)
		return 0;
	d = dir->string[0] == '/' ? strdup(dir->string)
				  : audit_abs_path(db_dir, dir->string);
	f = d ? audit_abs_path(d, file->string) : NULL;
	same = f && !strcmp(d, tu->dir) && !strcmp(f, tu->file);
	free(d);
	free(f);
	return same;
}

/* " (compile_commands.json:L:C)": where tu's "directory" is written, or
 * "" when it cannot be found again. */
static void place_of(const audit *a, const json_value *root,
		     const audit_tu *tu, char *at, size_t size)
{
	char *db_dir = audit_abs_path(".", a->opt.build_dir);

	at[0] = '\0';
	for (size_t i = 0; db_dir && root->kind == JSON_ARRAY &&
	     i < root->count; i++)
		if (is_entry_of(&root->items[i], db_dir, tu)) {
			const json_value *d = json_get(&root->items[i],
						       "directory");

			snprintf(at, size, " (%s/compile_commands.json:%u:%u)",
				 a->opt.build_dir, d->line, d->col);
			break;
		}
	free(db_dir);
}

static int note_unit(audit *a, const json_value *root, const audit_tu *tu,
		     const char *why)
{
	audit_note *note = AUDIT_PUSH(&a->failures);
	char at[PATH_MAX + 64];
	size_t len;

	if (!note)
		return -1;
	place_of(a, root, tu, at, sizeof(at));
	len = strlen(tu->dir) + strlen(why) + strlen(at) + 32;
	note->file = strdup(tu->file);
	if ((note->text = malloc(len)))
		snprintf(note->text, len, "directory '%s' %s%s", tu->dir, why,
			 at);
	return note->file && note->text ? 0 : -1;
}

/* The database as a tree, read again only when a directory is missing;
 * an empty tree when it cannot be (the notes then name the unit only). */
static void read_tree(const audit *a, json_value *root)
{
	char path[PATH_MAX + 32], err[128];
	unsigned line, col;
	size_t len;
	char *text;

	snprintf(path, sizeof(path), "%s/compile_commands.json",
		 a->opt.build_dir);
	memset(root, 0, sizeof(*root));
	if ((text = cli_read_all(path, &len)) &&
	    json_parse(text, len, root, err, sizeof(err), &line, &col))
		json_free(root);
	free(text);
}

int audit_drop_missing_dirs(audit *a)
{
	json_value root = { 0 };
	int read = 0, res = 0;
	size_t kept = 0;

	for (size_t i = 0; i < a->tus.count; i++) {
		audit_tu *tu = &a->tus.items[i];
		const char *why = res ? NULL : bad_dir(tu->dir);

		if (!why) {
			a->tus.items[kept++] = *tu;
			continue;
		}
		if (!read++)
			read_tree(a, &root);
		res = note_unit(a, &root, tu, why);
		a->not_run++;
		audit_tu_free(tu);
	}
	a->tus.count = kept;
	json_free(&root);
	return res ? cli_error("out of memory") : CLI_OK;
}
