/* build_db.c: the compilation databases made from bear's events: that of
 * the compile commands that succeeded, which the audit reads, and that of
 * those that failed, whose units are reported as not compiled. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "base/spawn.h"
#include "build.h"
#include "cli.h"
#include "fileio.h"
#include "json_read.h"

int build_citnames(const char *events, const char *out)
{
	/* --run-checks: only sources that still exist (configure's
	 * conftest.c is gone) */
	const char *argv[] = { "bear", "citnames", "--run-checks", "--input",
			       events, "--output", out, NULL };
	char why[FS_SPAWN_WHY];
	fs_proc p;

	if (build_spawn(argv, NULL, &p, why, sizeof(why)))
		return cli_error("%s", why);
	if (build_wait(&p, NULL, NULL))
		return cli_error("'bear citnames' could not make a compilation "
				 "database of what the build ran");
	return CLI_OK;
}

/* The database at `path`, parsed into *v: an array. */
static int read_db(const char *path, json_value *v)
{
	size_t len;
	char *text = cli_read_all(path, &len);
	char err[128];
	unsigned line = 0, col = 0;
	int res;

	memset(v, 0, sizeof(*v));
	if (!text)
		return cli_error("cannot read '%s': %s", path,
				 cli_strerror(errno));
	res = json_parse(text, len, v, err, sizeof(err), &line, &col) ||
	      v->kind != JSON_ARRAY;
	free(text);
	if (res)
		return cli_error("%s:%u:%u: error: %s", path, line, col,
				 err[0] ? err : "expected an array");
	return CLI_OK;
}

int build_db_count(const char *path, size_t *n)
{
	json_value v;
	int res = read_db(path, &v);

	*n = res ? 0 : v.count;
	json_free(&v);
	return res;
}

static int is_selected(const char *file, const char **paths, size_t npaths)
{
	for (size_t i = 0; i < npaths; i++) {
		char *abs = audit_abs_path(".", paths[i]);
		int under = abs && audit_is_under(file, abs);

		free(abs);
		if (under)
			return 1;
	}
	return !npaths;
}

/* Notes one unit of the failed database, once. */
static int note_failed(audit *a, const json_value *entry,
		       const char **paths, size_t npaths)
{
	const json_value *dir = json_get(entry, "directory");
	const json_value *file = json_get(entry, "file");
	char *abs;
	audit_note *note;

	if (!dir || !file || dir->kind != JSON_STRING ||
	    file->kind != JSON_STRING)
		return 0;
	if (!(abs = audit_abs_path(dir->string, file->string)))
		return -1;
	for (size_t i = 0; i < a->failures.count; i++)
		if (!strcmp(a->failures.items[i].file, abs)) {
			free(abs);
			return 0;
		}
	if (!is_selected(abs, paths, npaths)) {
		free(abs);
		return 0;
	}
	if (!(note = AUDIT_PUSH(&a->failures))) {
		free(abs);
		return -1;
	}
	note->file = abs;
	a->not_built++;
	return (note->text = strdup(AUDIT_NOT_COMPILED)) ? 0 : -1;
}

int build_note_failed(audit *a, const char *path, const char **paths,
		      size_t npaths)
{
	json_value v;
	int res = read_db(path, &v);

	for (size_t i = 0; !res && i < v.count; i++)
		if (note_failed(a, &v.items[i], paths, npaths))
			res = cli_error("out of memory");
	json_free(&v);
	return res;
}

int build_keep(const char *db, const char *keep)
{
	size_t n;
	char *text = cli_read_all(db, &n);
	char why[256];

	if (!text)
		return cli_error("cannot read '%s': %s", db,
				 cli_strerror(errno));
	if (atomic_replace(keep, NULL, text, n, why, sizeof(why))) {
		free(text);
		return cli_error("cannot keep the database as '%s': %s", keep,
				 why);
	}
	free(text);
	return CLI_OK;
}
