/* audit_run.c: runs clang-tidy with the flagspace plugin over batches of
 * translation units, a few processes at a time, with a timeout, isolating
 * a unit that crashes or hangs. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "batch_outcome.h"
#include "batch_plan.h"
#include "cache.h"
#include "cli.h"
#include "fileio.h"
#include "fix.h"
#include "interrupt.h"
#include "progress.h"
#include "strset.h"

typedef struct job {
	batch b;
	pid_t pid;
	double deadline;
	int timed_out;
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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

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

		if (!tu->has_inputs && !cache_preprocessed_digest(tu, tu->inputs))
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

static void exec_tidy(const audit *a, const batch *b, unsigned seq,
		      const char *db)
{
	char load[PATH_MAX + 16], filter[PATH_MAX + 32], out[PATH_MAX];
	char fixes[PATH_MAX + 32];
	const char *argv[16 + MAX_BATCH];
	size_t n = 0;
	char *config = rules_config(a);
	int fd;

	snprintf(load, sizeof(load), "--load=%s", a->opt.plugin);
	snprintf(filter, sizeof(filter), "--header-filter=%s",
		 a->opt.header_filter);
	argv[n++] = a->opt.clang_tidy;
	argv[n++] = load;
	argv[n++] = "--checks=-*,flagspace-*";
	argv[n++] = filter;
	argv[n++] = "--quiet";
	if (config)
		argv[n++] = config;
	/* The fix-its: applied by --fix, and in the JSON and SARIF. */
	job_path(out, sizeof(out), a, seq, "yaml");
	snprintf(fixes, sizeof(fixes), "--export-fixes=%s", out);
	argv[n++] = fixes;
	argv[n++] = "-p";
	argv[n++] = db;
	for (size_t i = 0; i < b->count; i++)
		if (!i || strcmp(a->tus.items[b->first + i].file,
				 a->tus.items[b->first + i - 1].file))
			argv[n++] = a->tus.items[b->first + i].file;
	argv[n] = NULL;
	setpgid(0, 0);
	interrupt_child();
	job_path(out, sizeof(out), a, seq, "out");
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 1);
	job_path(out, sizeof(out), a, seq, "err");
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2);
	execv(a->opt.clang_tidy, (char *const *)argv);
	_exit(127);
}

static int start(runner *r, job *j)
{
	batch *b = &r->queue.items[r->next++];
	char db[PATH_MAX];
	pid_t pid;

	*j = (job){ *b, 0, 0, 0, r->seq++, { 0, 0 } };
	job_path(db, sizeof(db), r->a, j->seq, "db");
	if (mkdir(db, 0700) ||
	    audit_db_write(r->a, db, b->first, b->count) != CLI_OK)
		return cli_error("cannot write the compilation database of a "
				 "batch in '%s': %s", db, cli_strerror(errno));
	clock_gettime(CLOCK_REALTIME, &j->started);
	/* An interrupt kills the worker's group from the moment it exists. */
	interrupt_block();
	pid = fork();
	if (pid < 0) {
		interrupt_unblock();
		return cli_error("cannot start clang-tidy: %s",
				 cli_strerror(errno));
	}
	if (pid == 0)
		exec_tidy(r->a, &j->b, j->seq, db);
	setpgid(pid, pid);
	interrupt_add_worker(pid);
	interrupt_unblock();
	j->pid = pid;
	j->deadline = now() + (double)r->a->opt.timeout_s * (double)b->count;
	return CLI_OK;
}

static int add_failure(audit *a, const char *file, const char *fmt, int n)
{
	audit_note *note = AUDIT_PUSH(&a->failures);
	char text[256];

	if (!note)
		return -1;
	snprintf(text, sizeof(text), fmt, n);
	note->file = strdup(file);
	note->text = strdup(text);
	return 0;
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

static int finish_failed(runner *r, const job *j, int status)
{
	const char *file = r->a->tus.items[j->b.first].file;

	if (j->b.count > 1)
		return requeue_singly(r, &j->b);
	if (j->timed_out)
		return add_failure(r->a, file, "timed out after %d s",
				   (int)r->a->opt.timeout_s);
	return add_failure(r->a, file, "clang-tidy crashed (signal %d)",
			   WTERMSIG(status));
}

/* Reads what a batch found: its --export-fixes YAML, the one record
 * read of a run (collect/tidy_collect.c). */
static int read_output(runner *r, const job *j)
{
	audit *a = r->a;
	char path[PATH_MAX];

	job_path(path, sizeof(path), a, j->seq, "yaml");
	return audit_collect_run_file(a, path, a->tus.items[j->b.first].dir,
				      &j->started);
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

static int finish(runner *r, job *j, int status)
{
	audit_mark m = audit_mark_of(r->a);
	char path[PATH_MAX];
	char *out, *err;
	size_t skipped = 0;
	int res, failed, errors;

	if (j->timed_out || WIFSIGNALED(status))
		return finish_failed(r, j, status);
	job_path(path, sizeof(path), r->a, j->seq, "out");
	out = cli_read_all(path, NULL);
	job_path(path, sizeof(path), r->a, j->seq, "err");
	err = cli_read_all(path, NULL);
	res = read_output(r, j);
	if (!res)
		res = audit_parse_skipped(r->a, err, j->b.first, j->b.count,
					  &skipped);
	failed = !WIFEXITED(status) || WEXITSTATUS(status);
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

static void kill_overdue(runner *r, unsigned njobs)
{
	double t = now();

	for (unsigned i = 0; i < njobs; i++)
		if (r->jobs[i].pid > 0 && !r->jobs[i].timed_out &&
		    t > r->jobs[i].deadline) {
			kill(-r->jobs[i].pid, SIGKILL);
			r->jobs[i].timed_out = 1;
		}
}

static job *job_of(runner *r, unsigned njobs, pid_t pid)
{
	for (unsigned i = 0; i < njobs; i++)
		if (r->jobs[i].pid == pid)
			return &r->jobs[i];
	return NULL;
}

/* Starts jobs while there is room and work; reaps finished ones. */
static int run_all(runner *r)
{
	unsigned njobs = r->a->opt.njobs, running = 0;
	struct timespec tick = { 0, 5 * 1000 * 1000 };

	while (running || r->next < r->queue.count) {
		for (unsigned i = 0; i < njobs && r->next < r->queue.count; i++)
			if (r->jobs[i].pid <= 0) {
				if (start(r, &r->jobs[i]))
					return CLI_FAIL;
				running++;
			}
		int status;
		pid_t pid = waitpid(-1, &status, WNOHANG);
		job *j = pid > 0 ? job_of(r, njobs, pid) : NULL;

		if (j) {
			size_t queued = r->queue.count;

			interrupt_remove_worker(pid);
			running--;
			if (finish(r, j, status))
				return cli_error("out of memory");
			/* A failed batch is queued again unit by unit. */
			if (r->queue.count == queued)
				r->done += j->b.count;
			/* A header's finding counts once, as in the report. */
			if (r->bar.on)
				audit_sort_findings(r->a);
			progress_update(&r->bar, r->done, r->a->findings.count);
			j->pid = 0;
			continue;
		}
		kill_overdue(r, njobs);
		nanosleep(&tick, NULL);
	}
	return CLI_OK;
}

int audit_check_tidy(const audit *a)
{
	char cmd[PATH_MAX * 2 + 64], line[1024], first[1024] = "";
	int found = 0, status;
	FILE *p;

	/* Paths are quoted for the shell; one with a quote is refused. */
	if (strchr(a->opt.clang_tidy, '\'') || strchr(a->opt.plugin, '\''))
		return cli_error("cannot run clang-tidy '%s': a path with a "
				 "quote is not supported", a->opt.clang_tidy);
	snprintf(cmd, sizeof(cmd), "'%s' '--load=%s' '--checks=-*,flagspace-*' "
		 "--list-checks 2>&1", a->opt.clang_tidy, a->opt.plugin);
	if (!(p = popen(cmd, "r")))
		return cli_error("cannot run clang-tidy '%s': %s",
				 a->opt.clang_tidy, cli_strerror(errno));
	while (fgets(line, sizeof(line), p)) {
		found |= strstr(line, "flagspace-") != NULL;
		if (!first[0] && line[strspn(line, " \n")])
			snprintf(first, sizeof(first), "%s", line);
	}
	status = pclose(p);
	first[strcspn(first, "\n")] = '\0';
	if (status || !found)
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
		if (r->jobs[i].pid > 0) {
			kill(-r->jobs[i].pid, SIGKILL);
			waitpid(r->jobs[i].pid, NULL, 0);
			interrupt_remove_worker(r->jobs[i].pid);
			r->jobs[i].pid = 0;
		}
}

int audit_run(audit *a)
{
	runner r = { a, { NULL, 0, 0 }, 0, NULL, 0, { 0 }, 0, { NULL, NULL, 0, 0 }, NULL };
	int res;

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
