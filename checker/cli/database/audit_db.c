/* audit_db.c: the translation units of compile_commands.json, read with
 * libclang's compilation-database C API (once the audit has expanded the
 * response files, db_expand.h), with the flags the filter drops removed
 * (command_filter.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/CXCompilationDatabase.h>

#include "audit.h"
#include "cli.h"
#include "command_filter.h"
#include "database.h"
#include "db_expand.h"
#include "json.h"
#include "audit_config.h"
#include "response_files.h"

static const char unplaced[] =
	"reads a file whose path is not followed in this form; "
	"--allow-outside-files keeps it";

/* An overlay names the files a header path reads, anywhere: inside the
 * tree or not, it can read one outside. */
static const char overlay[] =
	"maps header paths to files that may be outside the audited tree; "
	"--allow-outside-files keeps it";

static char *dup_cx(CXString s)
{
	const char *c = clang_getCString(s);
	char *d = strdup(c ? c : "");

	clang_disposeString(s);
	return d;
}

/* Why the flag f of tu's command is dropped, or NULL: the filter's
 * reasons, an overlay, and a forced include or PCH outside the audited
 * tree or passed to clang -cc1 in a form whose file is not followed
 * (-Wp,-include,x). */
static const char *drop_why(const audit *a, const audit_tu *tu,
			    const cflag *f)
{
	const char *why = cflag_drop_why(f, a->opt.allow_plugins);

	if (!why && f->kind == CFLAG_OVERLAY && !a->opt.allow_outside_files)
		return overlay;
	if (why || (f->kind != CFLAG_FORCED && f->kind != CFLAG_READS_FILE))
		return why;
	if (f->value)
		return rsp_outside_why(a, tu->dir, f->value);
	return a->opt.allow_outside_files ? NULL : unplaced;
}

/* Moves the words of `all` into tu's command but for the flags drop_why
 * drops, noted as dropped. The words not moved are freed at the end, not
 * as they are dropped: cflag_at reads earlier words (args[1] for -cc1
 * jobs). */
static int keep_args(audit *a, audit_tu *tu, char **all, size_t n)
{
	unsigned char *moved = calloc(n ? n : 1, 1);
	size_t i = 0;
	int res = moved ? 0 : -1;

	while (i < n && !res) {
		cflag f = i ? cflag_at(all, n, i)
			    : (cflag){ CFLAG_OTHER, 1, NULL, 0 };
		const char *why = drop_why(a, tu, &f);

		if (why &&
		    audit_note_dropped(a, tu->file, all + i, f.words, why))
			res = -1;
		for (size_t end = i + f.words; i < end && !res; i++) {
			char **slot = why ? NULL : AUDIT_PUSH(&tu->args);

			if (!why && !slot)
				res = -1;
			else if (slot)
				*slot = all[i], moved[i] = 1;
		}
	}
	for (i = 0; i < n; i++)
		if (!moved || !moved[i])
			free(all[i]);
	free(moved);
	return res;
}

static int add_args(audit *a, audit_tu *tu, CXCompileCommand cmd)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	char **all = calloc(n ? n : 1, sizeof(char *));
	int res;

	if (!all)
		return -1;
	for (unsigned i = 0; i < n; i++)
		all[i] = dup_cx(clang_CompileCommand_getArg(cmd, i));
	res = keep_args(a, tu, all, n);
	free(all);
	return res;
}

static int is_selected(const char *file, char **paths, size_t npaths)
{
	if (!npaths)
		return 1;
	for (size_t i = 0; i < npaths; i++)
		if (audit_is_under(file, paths[i]))
			return 1;
	return 0;
}

/* The command's directory: a relative one is relative to the database's
 * folder, as clang's JSONCompilationDatabase reads it when it is given a
 * path; clang-tidy reads each batch's database from elsewhere. */
static char *command_dir(const char *db_dir, CXCompileCommand cmd)
{
	char *given = dup_cx(clang_CompileCommand_getDirectory(cmd));
	char *dir = given && given[0] != '/' ? audit_abs_path(db_dir, given)
					     : given;

	if (dir != given)
		free(given);
	return dir;
}

static int add_command(audit *a, const char *db_dir, CXCompileCommand cmd,
		       char **paths, size_t npaths)
{
	char *dir = command_dir(db_dir, cmd);
	char *name = dup_cx(clang_CompileCommand_getFilename(cmd));
	char *file = audit_abs_path(dir, name);
	audit_tu *tu;

	free(name);
	if (!is_selected(file, paths, npaths)) {
		free(dir);
		free(file);
		return 0;
	}
	if (!(tu = AUDIT_PUSH(&a->tus)))
		return -1;
	tu->dir = dir;
	tu->file = file;
	return add_args(a, tu, cmd);
}

/* clang's own compile job (`clang -cc1 ...`), which bear records beside
 * the driver's command that ran it when that command also links
 * (`clang -o prog prog.c`). */
static int is_cc1_job(const audit_tu *tu)
{
	return tu->args.count > 1 && !strcmp(tu->args.items[1], "-cc1");
}

/* gone[i] for each clang job whose file and directory have a driver's
 * command: the same compilation, which clang-tidy cannot run as given (a
 * job's -dependency-file without -MT is an error, with one it writes into
 * the tree). A job alone is kept, and fails or runs as it is. */
static int drop_cc1_twins(const audit *a, const size_t *prev, char *gone)
{
	size_t n = a->tus.count;
	size_t *root = calloc(n ? n : 1, sizeof(size_t));
	char *has_driver = calloc(n ? n : 1, 1);

	if (!root || !has_driver) {
		free(root);
		free(has_driver);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {	/* prev[i] < i */
		root[i] = prev[i] == AUDIT_NO_UNIT ? i : root[prev[i]];
		has_driver[root[i]] |= !is_cc1_job(&a->tus.items[i]);
	}
	for (size_t i = 0; i < n; i++)
		gone[i] |= is_cc1_job(&a->tus.items[i]) && has_driver[root[i]];
	free(root);
	free(has_driver);
	return 0;
}

/* A file compiled twice is analysed in each configuration, as clang-tidy
 * does; a command that differs from an earlier one only in where its
 * output goes is the same configuration, and is dropped, as is clang's
 * own job of a driver's command. */
static int drop_repeats(audit *a)
{
	size_t n = a->tus.count, kept = 0;
	size_t *prev = calloc(n ? n : 1, sizeof(size_t));
	char *gone = calloc(n ? n : 1, 1);

	if (!prev || !gone || audit_group_by_file(a->tus.items, n, prev) ||
	    drop_cc1_twins(a, prev, gone)) {
		free(prev);
		free(gone);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = prev[i]; k != AUDIT_NO_UNIT && !gone[i];
		     k = prev[k])
			gone[i] = !gone[k] && audit_same_config(&a->tus.items[k],
								&a->tus.items[i]);
	for (size_t i = 0; i < n; i++) {
		if (gone[i])
			audit_tu_free(&a->tus.items[i]);
		else
			a->tus.items[kept++] = a->tus.items[i];
	}
	a->tus.count = kept;
	free(prev);
	free(gone);
	return 0;
}

static int load_commands(audit *a, CXCompilationDatabase db, char **paths,
			 size_t npaths)
{
	CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	unsigned n = clang_CompileCommands_getSize(cmds);
	char *db_dir = audit_abs_path(".", a->opt.build_dir);
	int res = db_dir ? 0 : -1;

	for (unsigned i = 0; i < n && !res; i++)
		res = add_command(a, db_dir,
				  clang_CompileCommands_getCommand(cmds, i),
				  paths, npaths);
	clang_CompileCommands_dispose(cmds);
	free(db_dir);
	return res ? res : drop_repeats(a);
}

/* The notes of response files dropped from units not under `paths`
 * (db_expand.c notes every entry's) are not this audit's. */
static void keep_selected_notes(audit *a, char **paths, size_t npaths)
{
	size_t kept = 0;

	for (size_t i = 0; i < a->dropped.count; i++) {
		audit_note *note = &a->dropped.items[i];

		if (is_selected(note->file, paths, npaths))
			a->dropped.items[kept++] = *note;
		else
			audit_note_free(note);
	}
	a->dropped.count = kept;
}

/* Loads the database in `dir` (the user's, or the one db_expand.c wrote)
 * through libclang. */
static int load_from(audit *a, const char *dir, const char *json,
		     char **paths, size_t npaths)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir,
									   &err);
	int res;

	if (err != CXCompilationDatabase_NoError || !db)
		res = cli_error("cannot load compilation database '%s': it is "
				"not a valid compile_commands.json", json);
	else if (load_commands(a, db, paths, npaths))
		res = cli_error("out of memory");
	else
		res = CLI_OK;
	if (db)
		clang_CompilationDatabase_dispose(db);
	keep_selected_notes(a, paths, npaths);
	return res;
}

int audit_db_load(audit *a, const char **operands, size_t npaths)
{
	char json[PATH_MAX + 32], dir[PATH_MAX + 8];
	char **paths = calloc(npaths ? npaths : 1, sizeof(char *));
	char *db_dir = audit_abs_path(".", a->opt.build_dir);
	json_value root;
	int res;

	snprintf(json, sizeof(json), "%s/compile_commands.json",
		 a->opt.build_dir);
	if (!paths || !db_dir || !cli_is_readable("compilation database", json) ||
	    audit_db_check(json, &root)) {
		free(paths);
		free(db_dir);
		return CLI_FAIL;
	}
	for (size_t i = 0; i < npaths; i++)
		paths[i] = audit_abs_path(".", operands[i]);
	res = audit_db_expand(a, &root, db_dir, dir, sizeof(dir));
	if (!res)
		res = load_from(a, dir, json, paths, npaths);
	json_free(&root);
	for (size_t i = 0; i < npaths; i++)
		free(paths[i]);
	free(paths);
	free(db_dir);
	return res;
}

/* The command clang-tidy runs for tu, through the filter; a unit reading
 * shared headers reads their PCH first (share/shared_headers.h). */
static int put_arguments(FILE *f, const audit_tu *tu, int no_default_config)
{
	const char **words = calloc(tu->args.count + 3, sizeof(char *));
	size_t n;

	if (!words)
		return -1;
	n = cflag_run_words(tu->args.items, tu->args.count, NULL,
			    no_default_config, words);
	if (tu->pch && tu->pch_role == PCH_READS) {
		words[n++] = "-include-pch";
		words[n++] = tu->pch;
	}
	for (size_t k = 0; k < n; k++) {
		if (k)
			fputs(", ", f);
		json_put_bytes(f, words[k]);
	}
	free(words);
	return 0;
}

int audit_db_write(const audit *a, const char *dir, size_t first,
		   size_t count)
{
	size_t *units = malloc((count ? count : 1) * sizeof(*units));
	int res;

	if (!units)
		return cli_error("out of memory");
	for (size_t i = 0; i < count; i++)
		units[i] = first + i;
	res = audit_db_write_units(a, dir, units, count);
	free(units);
	return res;
}

int audit_db_write_units(const audit *a, const char *dir,
			 const size_t *units, size_t count)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);
	if (!(f = fopen(path, "w")))
		return cli_error("cannot write '%s': %s", path,
				 cli_strerror(errno));
	fputs("[\n", f);
	for (size_t k = 0; k < count; k++) {
		const audit_tu *tu = &a->tus.items[units[k]];

		fputs("{\"directory\": ", f);
		json_put_bytes(f, tu->dir);
		fputs(", \"file\": ", f);
		json_put_bytes(f, tu->file);
		fputs(", \"arguments\": [", f);
		if (put_arguments(f, tu, a->tidy_no_default_config)) {
			fclose(f);
			return cli_error("out of memory");
		}
		fprintf(f, "]}%s\n", k + 1 < count ? "," : "");
	}
	fputs("]\n", f);
	if (fclose(f))
		return cli_error("cannot write '%s': %s", path,
				 cli_strerror(errno));
	return CLI_OK;
}
