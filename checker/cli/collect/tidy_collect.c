/* tidy_collect.c: what one clang-tidy run found, read from the one record
 * it leaves, its --export-fixes YAML: the flagspace findings with their
 * notes and fix-its, and the compile errors. Places come as byte offsets;
 * line and column are counted in the file as read now, and every file a
 * fix-it edits is hashed as analysed (what --fix checks before writing).
 * The run's stdout is read only to say why a run failed
 * (collect/batch_verdict.c). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "collect.h"
#include "fileio.h"
#include "fix.h"
#include "flagspace.h"
#include "tidy_path.h"
#include "tidy_yaml.h"

fix_seen *fix_seen_of(struct fix_store *s, const char *file)
{
	for (size_t i = 0; i < s->seen.count; i++)
		if (!strcmp(s->seen.items[i].file, file))
			return &s->seen.items[i];
	return NULL;
}

static int is_after(const struct timespec *t, const struct timespec *start)
{
	return t->tv_sec > start->tv_sec ||
	       (t->tv_sec == start->tv_sec && t->tv_nsec > start->tv_nsec);
}

/* A file read while collecting one run: read once however many of its
 * diagnostics are in it. */
typedef struct run_file {
	char *path;
	char *text;		/* NULL: unreadable */
	size_t len;
	int hashed;		/* recorded in the fix store */
} run_file;

typedef struct collector {
	audit *a;
	const char *dir;	/* the run's directory */
	const struct timespec *started;
	AUDIT_VEC(run_file) files;
} collector;

/* `file` as read now (absolute), when it is a regular file (a device
 * or a FIFO is never read: it may never end); NULL when out of memory. */
static run_file *read_file(collector *c, const char *file)
{
	struct stat st;
	run_file *f;

	for (size_t i = 0; i < c->files.count; i++)
		if (!strcmp(c->files.items[i].path, file))
			return &c->files.items[i];
	if (!(f = AUDIT_PUSH(&c->files)) || !(f->path = strdup(file)))
		return NULL;
	if (!stat(file, &st) && S_ISREG(st.st_mode))
		f->text = cli_read_all(file, &f->len);
	return f;
}

/* Records a file a fix-it edits as analysed: its hash the first time;
 * later, a different hash, or a write after the run started, marks it
 * changed (as does being unreadable). Returns 0, or -1 when out of
 * memory. */
static int see_file(collector *c, run_file *f)
{
	struct fix_store *s = c->a->fixes;
	fix_seen *seen = fix_seen_of(s, f->path);
	uint64_t hash = f->text ? cli_hash(f->text, f->len) : 0;
	struct stat st;

	if (f->hashed)
		return 0;
	f->hashed = 1;
	if (!seen) {
		if (!(seen = AUDIT_PUSH(&s->seen)) ||
		    !(seen->file = strdup(f->path)))
			return -1;
		seen->hash = hash;
	}
	if (!f->text || seen->hash != hash || stat(f->path, &st) ||
	    is_after(&st.st_mtim, c->started))
		seen->changed = 1;
	return 0;
}

/* Line and column (1-based, in bytes, as clang counts) of `offset`. */
static void line_col(const run_file *f, size_t offset, unsigned *line,
		     unsigned *col)
{
	size_t start = 0;

	*line = 1;
	for (size_t i = 0; f->text && i < offset && i < f->len; i++)
		if (f->text[i] == '\n') {
			++*line;
			start = i + 1;
		}
	/* an offset no file has (the file unreadable now): still a place */
	*col = offset - start >= UINT_MAX ? UINT_MAX
					  : (unsigned)(offset - start) + 1;
}

/* The directory a diagnostic's relative paths are in: its own, unless
 * that is the run's cut short (tidy_path.h). */
static const char *dir_of(const collector *c, const tidy_diag *d)
{
	if (!d->build_dir || tidy_path_is_cut_of(d->build_dir, c->dir))
		return c->dir;
	return d->build_dir;
}

/* `file` of the YAML, absolute (malloc'd): the file it names when LLVM's
 * YAML writer cut it short at a byte that is not UTF-8. */
static char *path_of(const collector *c, const tidy_diag *d,
		     const char *file)
{
	char *path = audit_abs_path(dir_of(c, d), file);
	char *found = path ? tidy_path_recover(c->a, path) : NULL;

	if (!found)
		return path;
	free(path);
	return found;
}

/* A place of the YAML, `file` at byte `offset`, into the record that
 * keeps it: its absolute path (*path, malloc'd) and line:col. */
static int place_of(collector *c, const tidy_diag *d, const char *file,
		    size_t offset, char **path, unsigned *line, unsigned *col)
{
	run_file *f;

	*path = path_of(c, d, file);
	if (!*path || !(f = read_file(c, *path)))
		return -1;
	line_col(f, offset, line, col);
	return 0;
}

static int add_notes(collector *c, audit_finding *f, const tidy_diag *d)
{
	for (size_t i = 0; i < d->notes.count; i++) {
		const tidy_note *n = &d->notes.items[i];
		audit_diag_note *note;

		if (!n->message || !n->file || !n->file[0])
			continue;
		if (!(note = AUDIT_PUSH(&f->notes)) ||
		    place_of(c, d, n->file, n->offset, &note->file,
			     &note->line, &note->col))
			return -1;
		if (!(note->message = strdup(n->message)))
			return -1;
	}
	return 0;
}

/* The fix-it's edits move to the finding, their paths made absolute. */
static int take_fix(collector *c, audit_finding *f, tidy_diag *d)
{
	run_file *file;

	for (size_t i = 0; i < d->edits.count; i++) {
		fix_edit *from = &d->edits.items[i];
		fix_edit *to = AUDIT_PUSH(&f->fix);

		if (!to || !(to->file = path_of(c, d, from->file)) ||
		    !(file = read_file(c, to->file)) || see_file(c, file))
			return -1;
		to->offset = from->offset;
		to->length = from->length;
		to->text = from->text;
		from->text = NULL;
	}
	return f->fix.count && (!(file = read_file(c, f->file)) ||
				see_file(c, file)) ? -1 : 0;
}

static int add_finding(collector *col, tidy_diag *d)
{
	audit_finding *f = AUDIT_PUSH(&col->a->findings);
	fs_consequence cls = FS_CONSEQUENCE_FAILS;

	if (!f || place_of(col, d, d->file, d->offset, &f->file, &f->line,
			   &f->col))
		return -1;
	f->severity = strdup(d->level && !strcmp(d->level, "Error") ? "error"
								   : "warning");
	/* The checks end the message with its consequence: " [fails]". */
	f->message = strndup(d->message, fs_consequence_unmark(d->message,
							       strlen(d->message),
							       &cls));
	f->consequence = cls;
	f->check = strdup(d->check);
	if (!f->severity || !f->message || !f->check)
		return -1;
	return add_notes(col, f, d) || take_fix(col, f, d) ? -1 : 0;
}

static int add_compile_error(collector *c, const tidy_diag *d)
{
	audit_note *note = AUDIT_PUSH(&c->a->compile_errors);

	if (!note || place_of(c, d, d->file, d->offset, &note->file,
			      &note->line, &note->col))
		return -1;
	return (note->text = strdup(d->message)) ? 0 : -1;
}

/* clang-tidy names a compile error clang-diagnostic-error; a warning
 * made an error (the project's -Werror or -Werror=NAME, or clang's own
 * default: -Wimplicit-function-declaration in C99) keeps its warning's
 * name, clang-diagnostic-NAME. Such a warning leaves the code read
 * whole: it is no compile error of the audit. */
static int is_promoted_warning(const char *check)
{
	static const char prefix[] = "clang-diagnostic-";

	return !strncmp(check, prefix, sizeof(prefix) - 1) &&
	       strcmp(check + sizeof(prefix) - 1, "error");
}

/* A flagspace diagnostic is a finding; another error, a compile error,
 * unless it is a warning made an error (counted in a->werror); an error
 * with no place (the driver's, a broken rules file's) is counted in
 * a->unplaced_errors and read from the failed run's output instead. */
static int take_diag(collector *c, tidy_diag *d)
{
	int is_error = d->level && !strcmp(d->level, "Error");

	if (!d->file || !d->file[0]) {
		c->a->unplaced_errors += is_error;
		return 0;
	}
	if (!strncmp(d->check, "flagspace-", 10))
		return add_finding(c, d);
	if (is_error && is_promoted_warning(d->check)) {
		c->a->werror++;
		return 0;
	}
	return is_error ? add_compile_error(c, d) : 0;
}

int audit_collect_run(audit *a, const char *yaml, size_t len,
		      const char *dir, const struct timespec *started,
		      char *why, size_t why_size)
{
	tidy_diags diags = { NULL, 0, 0 };
	collector c = { a, dir, started, { NULL, 0, 0 } };
	int res;

	/* a run without a YAML still has an (empty) store */
	if (!a->fixes && !(a->fixes = calloc(1, sizeof(*a->fixes))))
		return -1;
	res = tidy_yaml_parse(yaml, len, &diags, why, why_size);
	for (size_t i = 0; !res && i < diags.count; i++)
		res = take_diag(&c, &diags.items[i]);
	tidy_diags_free(&diags);
	for (size_t i = 0; i < c.files.count; i++) {
		free(c.files.items[i].path);
		free(c.files.items[i].text);
	}
	free(c.files.items);
	return res;
}

int audit_collect_run_file(audit *a, const char *yaml_path, const char *dir,
			   const struct timespec *started, char *why,
			   size_t why_size)
{
	size_t len;
	char *text = cli_read_all(yaml_path, &len);
	int res;

	/* clang-tidy writes no YAML when a run found nothing */
	if (!text)
		return errno == ENOMEM ? -1 : audit_collect_run(a, "", 0, dir,
						started, why, why_size);
	res = audit_collect_run(a, text, len, dir, started, why, why_size);
	free(text);
	return res;
}

