/* audit_run.c: runs clang-tidy with the flagspace plugin over batches of
 * translation units, a few processes at a time, with a timeout, isolating
 * a unit that crashes or hangs. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "base/spawn.h"
#include "batch_outcome.h"
#include "batch_plan.h"
#include "cache.h"
#include "cli.h"
#include "collect.h"
#include "database.h"
#include "fileio.h"
#include "fix.h"
#include "progress.h"
#include "run.h"
#include "strset.h"

typedef struct job {
	batch b;
	fs_proc proc;		/* clang-tidy, with its deadline */
	unsigned seq;
	struct timespec started;	/* wall clock, to compare with mtimes */
} job;

typedef struct runner {
	audit *a;
	batch_queue queue;
	size_t next;
	job *jobs;
	unsigned seq;
	progress bar;
	size_t done;		/* units analysed, or given up on */
	strset unknown_args;	/* dropped: clang does not know them */
	char (*keys)[SHA256_HEX];	/* --cache: each unit's key, or "" */
} runner;

/* With --cache: units whose result is stored are replayed; every other
 * unit runs alone, so that what clang-tidy prints is that unit's (a
 * batch prints a header's finding once, for all its units). */
static int plan_cached(runner *r)
{
	audit *a = r->a;

	if (!(r->keys = calloc(a->tus.count ? a->tus.count : 1,
			       sizeof(*r->keys))))
		return -1;
	for (size_t i = 0; i < a->tus.count; i++) {
		audit_tu *tu = &a->tus.items[i];
		batch *b;
		int hit = 0;

		if (!tu->has_inputs &&
		    !cache_preprocessed_digest(tu, a->clang_no_default_config,
					       a->opt.timeout_s, tu->inputs))
			tu->has_inputs = 2;
		if (audit_cache_key(a->cache, tu, r->keys[i]))
			a->cache->uncached++;
		else if ((hit = audit_cache_replay(a, tu, r->keys[i])) < 0)
			return -1;
		if (hit) {
			r->done++;
			continue;
		}
		a->cache->misses += r->keys[i][0] != '\0';
		if (!(b = AUDIT_PUSH(&r->queue)))
			return -1;
		*b = (batch){ i, 1, 0, 0 };
	}
	return 0;
}

static void job_path(char *out, size_t size, const audit *a, unsigned seq,
		     const char *ext)
{
	snprintf(out, size, "%s/job-%u.%s", a->tmpdir, seq, ext);
}

/* The -config that passes --rules files to the checks, or NULL. */
static char *rules_config(const audit *a)
{
	static const char head[] =
		"--config={CheckOptions: [{key: flagspace.RulesFiles, value: '";
	static const char tail[] = "'}]}";
	const cli_list *files = a->opt.rules_files;
	size_t len = sizeof(head) + sizeof(tail);
	char *s;

	if (!files || !files->count)
		return NULL;
	for (size_t i = 0; i < files->count; i++)
		len += strlen(files->items[i]) + 1;
	if (!(s = calloc(1, len)))
		return NULL;
	strcpy(s, head);
	for (size_t i = 0; i < files->count; i++) {
		if (i)
			strcat(s, ";");
		strcat(s, files->items[i]);
	}
	strcat(s, tail);
	return s;
}

/* clang-tidy's words for a batch; the buffers hold what they point to. */
typedef struct tidy_words {
	const char *argv[16 + MAX_BATCH];
	char load[PATH_MAX + 16], filter[PATH_MAX + 32];
	char fixes[PATH_MAX + 32];
	char *config;
} tidy_words;

static void set_words(const audit *a, const batch *b, unsigned seq,
		      const char *db, tidy_words *w)
{
	char out[PATH_MAX];
	size_t n = 0;

	w->config = rules_config(a);
	snprintf(w->load, sizeof(w->load), "--load=%s", a->opt.plugin);
	snprintf(w->filter, sizeof(w->filter), "--header-filter=%s",
		 a->opt.header_filter);
	/* The runner has the checks built in: nothing to load. */
	w->argv[n++] = audit_tool(a);
	if (!a->opt.runner)
		w->argv[n++] = w->load;
	w->argv[n++] = "--checks=-*,flagspace-*";
	w->argv[n++] = w->filter;
	w->argv[n++] = "--quiet";
	if (w->config)
		w->argv[n++] = w->config;
	/* The fix-its: applied by --fix, and in the JSON and SARIF. */
	job_path(out, sizeof(out), a, seq, "yaml");
	snprintf(w->fixes, sizeof(w->fixes), "--export-fixes=%s", out);
	w->argv[n++] = w->fixes;
	w->argv[n++] = "-p";
	w->argv[n++] = db;
	for (size_t i = 0; i < b->count; i++)
		if (!i || strcmp(a->tus.items[b->first + i].file,
				 a->tus.items[b->first + i - 1].file))
			w->argv[n++] = a->tus.items[b->first + i].file;
	w->argv[n] = NULL;
}

static int start(runner *r, job *j)
{
	batch *b = &r->queue.items[r->next++];
	char db[PATH_MAX], out[PATH_MAX], err[PATH_MAX], why[FS_SPAWN_WHY];
	tidy_words w;
	fs_spawn how = { w.argv, NULL, { FS_SPAWN_FILE, out, NULL, NULL },
			 { FS_SPAWN_FILE, err, NULL, NULL },
			 (double)r->a->opt.timeout_s * (double)b->count };
	int res;

	*j = (job){ *b, { 0, 0, 0 }, r->seq++, { 0, 0 } };
	job_path(db, sizeof(db), r->a, j->seq, "db");
	if (mkdir(db, 0700) ||
	    audit_db_write(r->a, db, b->first, b->count) != CLI_OK)
		return cli_error("cannot write the compilation database of a "
				 "batch in '%s': %s", db, cli_strerror(errno));
	set_words(r->a, &j->b, j->seq, db, &w);
	job_path(out, sizeof(out), r->a, j->seq, "out");
	job_path(err, sizeof(err), r->a, j->seq, "err");
	clock_gettime(CLOCK_REALTIME, &j->started);
	res = fs_spawn_start(&how, &j->proc, why, sizeof(why));
	free(w.config);
	return res ? cli_error("%s", why) : CLI_OK;
}

static int add_failure(audit *a, const char *file, const char *fmt, ...)
{
	audit_note *note = AUDIT_PUSH(&a->failures);
	char text[384];
	va_list ap;

	if (!note)
		return -1;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	note->file = strdup(file);
	note->text = strdup(text);
	return note->file && note->text ? 0 : -1;
}

static int requeue_singly(runner *r, const batch *b)
{
	for (size_t i = 0; i < b->count; i++) {
		batch *one = AUDIT_PUSH(&r->queue);

		if (!one)
			return -1;
		*one = (batch){ b->first + i, 1, 0, 0 };
	}
	return 0;
}

static int finish_failed(runner *r, const job *j, const fs_spawn_result *end)
{
	const char *file = r->a->tus.items[j->b.first].file;

	if (j->b.count > 1)
		return requeue_singly(r, &j->b);
	if (end->end == FS_SPAWN_TIMED_OUT)
		return add_failure(r->a, file, "timed out after %d s",
				   (int)r->a->opt.timeout_s);
	return add_failure(r->a, file, "clang-tidy crashed (signal %d)",
			   end->code);
}

/* Reads what a batch found: its --export-fixes YAML, the one record
 * read of a run (collect/tidy_collect.c). One that cannot be read leaves
 * the batch not analysed: run again unit by unit, so that the failure
 * names its unit. Returns 0; 1 when it could not be read (the batch
 * queued again or failed); -1 when out of memory. */
static int read_output(runner *r, const job *j)
{
	audit *a = r->a;
	char path[PATH_MAX], why[256];
	int res;

	job_path(path, sizeof(path), a, j->seq, "yaml");
	res = audit_collect_run_file(a, path, a->tus.items[j->b.first].dir,
				     &j->started, why, sizeof(why));
	if (res <= 0)
		return res;
	if (j->b.count > 1)
		return requeue_singly(r, &j->b) ? -1 : 1;
	return add_failure(a, a->tus.items[j->b.first].file, "cannot read "
			   "clang-tidy's --export-fixes YAML: %s", why) ? -1 : 1;
}

/* A unit's own compile errors: those in a header name it, and its
 * fix-its wait for --fix-errors. */
static int own_errors(audit *a, const audit_mark *m, size_t unit)
{
	const char *file = a->tus.items[unit].file;

	for (size_t i = m->compile_errors; i < a->compile_errors.count; i++) {
		audit_note *e = &a->compile_errors.items[i];

		if (strcmp(e->file, file) && !(e->unit = strdup(file)))
			return -1;
	}
	for (size_t i = m->findings; i < a->findings.count; i++)
		a->findings.items[i].fix_with_errors = 1;
	return 0;
}

/* Failed without a compile error: the tool itself (a plugin of another
 * major, an unreadable file); its first error is the reason. */
static int note_failed(runner *r, const job *j, const char *out,
		       const char *err)
{
	char reason[512];	/* two paths and a message */

	audit_first_error(out, err, reason, sizeof(reason));
	for (size_t i = 0; i < j->b.count; i++) {
		audit_note *note = AUDIT_PUSH(&r->a->failures);

		if (!note)
			return -1;
		note->file = strdup(r->a->tus.items[j->b.first + i].file);
		note->text = strdup(reason[0] ? reason : "clang-tidy failed");
		if (!note->file || !note->text)
			return -1;
	}
	return 0;
}

/* A run that failed or broke on compile errors: arguments clang does not
 * know are dropped and the batch runs again; a batch of several units is
 * run again unit by unit, so that a failure or a header's compile error
 * names its unit. Returns 1 when the batch is queued again. */
static int run_again(runner *r, const job *j, const audit_mark *m,
		     int failed, const char *out)
{
	int dropped = failed ? audit_drop_unknown_args(r->a, out,
						       &r->unknown_args) : 0;
	batch *again;

	if (dropped < 0)
		return -1;
	if (!dropped && j->b.count == 1)
		return 0;
	audit_roll_back(r->a, m);
	if (!dropped)
		return requeue_singly(r, &j->b) ? -1 : 1;
	if (!(again = AUDIT_PUSH(&r->queue)))
		return -1;
	*again = j->b;
	return 1;
}

/* Stores what the job of one unit exported (--cache). */
static void store(runner *r, const job *j)
{
	char yaml[PATH_MAX];

	job_path(yaml, sizeof(yaml), r->a, j->seq, "yaml");
	audit_cache_store(r->a, r->keys[j->b.first], yaml);
}

static int finish(runner *r, job *j, const fs_spawn_result *end)
{
	audit_mark m = audit_mark_of(r->a);
	char path[PATH_MAX];
	char *out, *err;
	size_t skipped = 0;
	int res, failed, errors;

	if (end->end != FS_SPAWN_EXITED)
		return finish_failed(r, j, end);
	job_path(path, sizeof(path), r->a, j->seq, "out");
	out = cli_read_all(path, NULL);
	job_path(path, sizeof(path), r->a, j->seq, "err");
	err = cli_read_all(path, NULL);
	res = read_output(r, j);
	if (!res)
		res = audit_parse_skipped(r->a, err, j->b.first, j->b.count,
					  &skipped);
	/* clang-tidy exits 1 on warnings made errors: the project's
	 * -Werror, with its code analysed whole. */
	failed = end->code != 0 &&
		 !audit_failed_on_werror(r->a, &m, end->code);
	errors = r->a->compile_errors.count > m.compile_errors;
	if (!res && ((failed && !skipped) || errors))
		res = run_again(r, j, &m, failed && !errors, out);
	if (!res && errors)
		res = own_errors(r->a, &m, j->b.first);
	else if (!res && failed && !skipped)
		res = note_failed(r, j, out, err);
	/* Only a complete result is stored: never a compile error, a
	 * failure or a skipped unit as clean. */
	if (!res && !failed && !errors && !skipped && r->keys &&
	    r->keys[j->b.first][0])
		store(r, j);
	free(out);
	free(err);
	return res < 0 ? -1 : 0;
}

/* A job that has ended into *j, how in *end (*j NULL while all run).
 * Returns -1 when one cannot be waited for. */
static int ended(runner *r, unsigned njobs, fs_spawn_result *end, job **j)
{
	*j = NULL;
	for (unsigned i = 0; i < njobs && !*j; i++) {
		int got = r->jobs[i].proc.pid > 0
			  ? fs_proc_poll(&r->jobs[i].proc, end) : 0;

		if (got < 0)
			return -1;
		if (got)
			*j = &r->jobs[i];
	}
	return 0;
}

/* Starts jobs while there is room and work; reaps finished ones. */
static int run_all(runner *r)
{
	unsigned njobs = r->a->opt.njobs, running = 0;
	struct timespec tick = { 0, 5 * 1000 * 1000 };

	while (running || r->next < r->queue.count) {
		for (unsigned i = 0; i < njobs && r->next < r->queue.count; i++)
			if (r->jobs[i].proc.pid <= 0) {
				if (start(r, &r->jobs[i]))
					return CLI_FAIL;
				running++;
			}
		fs_spawn_result end;
		job *j;

		if (ended(r, njobs, &end, &j))
			return cli_error("cannot wait for clang-tidy: %s",
					 cli_strerror(errno));
		if (j) {
			size_t queued = r->queue.count;

			running--;
			if (finish(r, j, &end))
				return cli_error("out of memory");
			/* A failed batch is queued again unit by unit. */
			if (r->queue.count == queued)
				r->done += j->b.count;
			/* A header's finding counts once, as in the report. */
			if (r->bar.on)
				audit_sort_findings(r->a);
			progress_update(&r->bar, r->done, r->a->findings.count);
			continue;
		}
		nanosleep(&tick, NULL);
	}
	return CLI_OK;
}

/* The first line of text that is not blank, in a copy of at most
 * size - 1 bytes. */
static void first_line(const char *text, char *first, size_t size)
{
	text += strspn(text, " \t\n");
	snprintf(first, size, "%.*s", (int)strcspn(text, "\n"), text);
}

int audit_check_tidy(const audit *a)
{
	char load[PATH_MAX + 16], first[1024] = "";
	const char *argv[] = { audit_tool(a), load, "--checks=-*,flagspace-*",
			       "--list-checks", NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, NULL, NULL },
			 { FS_SPAWN_STDOUT, NULL, NULL, NULL },
			 (double)a->opt.timeout_s };
	fs_spawn_result r;
	int ok;

	snprintf(load, sizeof(load), "--load=%s", a->opt.plugin);
	if (a->opt.runner)
		argv[1] = argv[2], argv[2] = argv[3], argv[3] = NULL;
	if (fs_spawn_run(&how, &r)) {
		fs_spawn_result_free(&r);
		return cli_error("%s", r.why);
	}
	ok = fs_spawn_succeeded(&r) && strstr(r.out, "flagspace-");
	if (r.end == FS_SPAWN_TIMED_OUT)
		snprintf(first, sizeof(first), "timed out after %u s",
			 a->opt.timeout_s);
	else
		first_line(r.out, first, sizeof(first));
	fs_spawn_result_free(&r);
	if (!ok && a->opt.runner)
		return cli_error("'%s' lists no flagspace check (use "
				 "--no-runner to run clang-tidy with the "
				 "plugin): %s", a->opt.runner,
				 first[0] ? first : "no output");
	if (!ok)
		return cli_error("the plugin '%s' does not load into clang-tidy "
				 "'%s' (a plugin loads only into the clang-tidy "
				 "of its LLVM major): %s", a->opt.plugin,
				 a->opt.clang_tidy, first[0] ? first : "no "
				 "flagspace checks listed");
	return CLI_OK;
}

/* After an error: no worker outlives the audit. */
static void stop_all(runner *r)
{
	for (unsigned i = 0; r->jobs && i < r->a->opt.njobs; i++)
		fs_proc_stop(&r->jobs[i].proc);
}

int audit_run(audit *a)
{
	runner r = { a, { NULL, 0, 0 }, 0, NULL, 0, { 0 }, 0, { NULL, NULL, 0, 0 }, NULL };
	int res;

	/* The checks report every finding, as a warning, whatever a
	 * .clang-tidy of the tree says of flagspace.Consequences: the
	 * audit's --fail-on decides. clang-tidy inherits it. */
	setenv("FLAGSPACE_ALL_CONSEQUENCES", "1", 1);
	progress_init(&r.bar, a->opt.progress, a->tus.count);
	r.jobs = calloc(a->opt.njobs, sizeof(job));
	if (!r.jobs || (a->cache ? plan_cached(&r)
			 : batch_plan(a, a->opt.njobs, &r.queue)))
		res = cli_error("out of memory");
	else if (a->cache && r.queue.count && audit_check_tidy(a))
		res = CLI_FAIL;
	else
		res = run_all(&r);
	stop_all(&r);
	progress_end(&r.bar);
	free(r.jobs);
	free(r.queue.items);
	free(r.keys);
	strset_free(&r.unknown_args);
	return res;
}
