/* audit_run.c: the run stage (run.h): clang-tidy with the flagspace
 * plugin, or the runner, over the batches of the plan, a few processes at
 * a time, with a timeout; a batch of several units that crashes or hangs
 * runs again unit by unit, one that fails on arguments clang does not know
 * runs again without them. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/spawn.h"
#include "cli.h"
#include "database.h"
#include "fileio.h"
#include "run.h"
#include "unknown_args.h"

typedef struct run_job {
	batch b;
	fs_proc proc;		/* clang-tidy, with its deadline */
	unsigned seq;
	struct timespec started;	/* wall clock, to compare with mtimes */
} job;

static void job_path(char *out, size_t size, const audit *a, unsigned seq,
		     const char *ext)
{
	snprintf(out, size, "%s/job-%u.%s", a->tmpdir, seq, ext);
}

/* The -config that passes --rules files and --min-kernel to the checks,
 * or NULL when there is neither (or no memory). */
static char *rules_config(const audit *a)
{
	static const char head[] = "--config={CheckOptions: [";
	static const char rules[] = "{key: flagspace.RulesFiles, value: '";
	static const char kernel[] = "{key: flagspace.MinimumKernel, value: '";
	const cli_list *files = a->opt.rules_files;
	const char *mk = a->opt.min_kernel;
	size_t len = sizeof(head) + sizeof(rules) + sizeof(kernel) + 16;
	char *s;

	if ((!files || !files->count) && !mk)
		return NULL;
	for (size_t i = 0; files && i < files->count; i++)
		len += strlen(files->items[i]) + 1;
	len += mk ? strlen(mk) : 0;
	if (!(s = calloc(1, len)))
		return NULL;
	strcpy(s, head);
	if (files && files->count) {
		strcat(s, rules);
		for (size_t i = 0; i < files->count; i++) {
			if (i)
				strcat(s, ";");
			strcat(s, files->items[i]);
		}
		strcat(s, mk ? "'}, " : "'}");
	}
	/* check_options made sure it is a version: digits and dots. */
	if (mk) {
		strcat(s, kernel);
		strcat(s, mk);
		strcat(s, "'}");
	}
	strcat(s, "]}");
	return s;
}

/* clang-tidy's words for a batch; the buffers hold what they point to. */
typedef struct tidy_words {
	const char *argv[16 + MAX_BATCH];
	char load[PATH_MAX + 16], filter[PATH_MAX + 32];
	char fixes[PATH_MAX + 32];
	char names[PATH_MAX + 32];
	char *config;
} tidy_words;

/* The runner's words for shared headers (share/shared_headers.h): every
 * run reads a PCH where its database says so, and the run of a unit that
 * reads them itself for the others writes the names they make carry.
 * Returns how many it put in out. */
static size_t shared_words(const audit *a, const batch *b, char *names,
			   size_t size, const char **out)
{
	const audit_tu *tu = &a->tus.items[b->first];
	size_t n = 0;

	if (!a->shared || !a->opt.runner)
		return 0;
	out[n++] = "--flagspace-shared-headers";
	if (b->count == 1 && tu->pch_role == PCH_NAMES) {
		snprintf(names, size, "--flagspace-write-names=%s.names",
			 tu->pch);
		out[n++] = names;
	}
	return n;
}

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
	/* a .clang-tidy of the tree may not make a finding a failed unit */
	w->argv[n++] = "--warnings-as-errors=-*";
	w->argv[n++] = w->filter;
	w->argv[n++] = "--quiet";
	if (w->config)
		w->argv[n++] = w->config;
	/* The fix-its: applied by --fix, and in the JSON and SARIF. */
	job_path(out, sizeof(out), a, seq, "yaml");
	snprintf(w->fixes, sizeof(w->fixes), "--export-fixes=%s", out);
	w->argv[n++] = w->fixes;
	n += shared_words(a, b, w->names, sizeof(w->names), w->argv + n);
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

int run_isolate(runner *r, const batch *b)
{
	for (size_t i = 0; i < b->count; i++) {
		batch *one = AUDIT_PUSH(&r->queue);

		if (!one)
			return -1;
		*one = (batch){ b->first + i, 1, 0, 0 };
	}
	return 0;
}

/* A run that failed on arguments clang does not know (named in its
 * stdout): they are dropped from every unit's command and the batch runs
 * again. Returns 1 when it is queued again, 0 when not, -1 when out of
 * memory. */
static int drop_unknown(runner *r, const run_outcome *o)
{
	char *out = cli_read_all(o->out, NULL);
	int dropped = audit_drop_unknown_args(r->a, out, &r->unknown_args);
	batch *again;

	free(out);
	if (dropped <= 0)
		return dropped;
	if (!(again = AUDIT_PUSH(&r->queue)))
		return -1;
	*again = o->b;
	return 1;
}

/* The ended job j as an outcome, and the retries the run makes of it. */
static int outcome_of(runner *r, const job *j, const fs_spawn_result *end,
		      run_outcome *o)
{
	int res = 0;

	*o = (run_outcome){ .b = j->b, .end = end->end, .code = end->code,
			    .started = j->started };
	job_path(o->yaml, sizeof(o->yaml), r->a, j->seq, "yaml");
	job_path(o->out, sizeof(o->out), r->a, j->seq, "out");
	job_path(o->err, sizeof(o->err), r->a, j->seq, "err");
	if (end->end != FS_SPAWN_EXITED && j->b.count > 1)
		res = run_isolate(r, &j->b) ? -1 : 1;
	else if (end->end == FS_SPAWN_EXITED && end->code != 0)
		res = drop_unknown(r, o);
	if (res < 0)
		return cli_error("out of memory"), -1;
	o->retried = res;
	return 1;
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

/* Starts jobs while there is room and work. */
static int start_all(runner *r)
{
	for (unsigned i = 0; i < r->a->opt.njobs && r->next < r->queue.count;
	     i++)
		if (r->jobs[i].proc.pid <= 0) {
			if (start(r, &r->jobs[i]))
				return -1;
			r->running++;
		}
	return 0;
}

int run_next(runner *r, run_outcome *o)
{
	struct timespec tick = { 0, 5 * 1000 * 1000 };

	while (r->running || r->next < r->queue.count) {
		fs_spawn_result end;
		job *j;

		if (start_all(r))
			return -1;
		if (ended(r, r->a->opt.njobs, &end, &j))
			return cli_error("cannot wait for clang-tidy: %s",
					 cli_strerror(errno)), -1;
		if (j) {
			r->running--;
			return outcome_of(r, j, &end, o);
		}
		nanosleep(&tick, NULL);
	}
	return 0;
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

int run_open(runner *r, audit *a, batch_queue *batches)
{
	/* A second run of the audit (share/) numbers its jobs on. */
	*r = (runner){ .a = a, .queue = *batches, .seq = a->jobs_run };
	*batches = (batch_queue){ NULL, 0, 0 };
	/* The checks report every finding, as a warning, whatever a
	 * .clang-tidy of the tree says of flagspace.Consequences: the
	 * audit's --fail-on decides. clang-tidy inherits it. */
	setenv("FLAGSPACE_ALL_CONSEQUENCES", "1", 1);
	r->jobs = calloc(a->opt.njobs, sizeof(job));
	return r->jobs ? 0 : -1;
}

/* After an error: no worker outlives the audit. */
void run_close(runner *r)
{
	for (unsigned i = 0; r->jobs && i < r->a->opt.njobs; i++)
		fs_proc_stop(&r->jobs[i].proc);
	r->a->jobs_run = r->seq;
	free(r->jobs);
	free(r->queue.items);
	strset_free(&r->unknown_args);
}
