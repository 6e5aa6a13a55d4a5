/* build_run.c: `audit -- <build command>`: the build under bear, its
 * progress, and what it leaves for the audit (see build.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/spawn.h"
#include "build.h"
#include "cli.h"
#include "fileio.h"
#include "progress.h"

/* Lines of the build's output shown when it fails and went to the log. */
enum { TAIL_LINES = 20, TAIL_BYTES = 8192 };

typedef struct build_run {
	audit *a;
	const char *const *cmd;
	char events[PATH_MAX];
	char log[PATH_MAX];	/* the build's output, or "": stderr */
	char db_dir[PATH_MAX];
	progress bar;
	long offset;		/* of the events read so far */
	size_t started;		/* processes the build started */
} build_run;

static void tick(void *ctx)
{
	build_run *r = ctx;

	r->started += build_events_count(r->events, &r->offset);
	progress_build(&r->bar, r->started, 0);
}

/* The build's words, joined, for messages: cut at 120 characters. */
static void build_name(const char *const *cmd, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; cmd[i] && len + 1 < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					i ? " " : "", cmd[i]);
	if (strlen(buf) > 120)
		strcpy(buf + 117, "...");
}

/* bear intercept --output <events> -- <cmd>: the build's exit status. */
static int intercept(build_run *r)
{
	size_t n = 0;
	const char **argv;
	char why[FS_SPAWN_WHY];
	fs_proc p;
	int status, res;

	while (r->cmd[n])
		n++;
	if (!(argv = calloc(n + 6, sizeof(*argv)))) {
		cli_error("out of memory");
		return -1;
	}
	argv[0] = "bear";
	argv[1] = "intercept";
	argv[2] = "--output";
	argv[3] = r->events;
	argv[4] = "--";
	memcpy(argv + 5, r->cmd, n * sizeof(*argv));
	res = build_spawn(argv, r->log[0] ? r->log : NULL, &p, why,
			  sizeof(why));
	free(argv);
	if (res) {
		cli_error("%s%s", why, strstr(why, "not found") ? " (apt install "
			  "bear: the build runs under it, which records its "
			  "compile commands)" : "");
		return -1;
	}
	if ((status = build_wait(&p, tick, r)) < 0)
		cli_error("cannot wait for the build: %s", cli_strerror(errno));
	tick(r);
	progress_build(&r->bar, r->started, 1);
	progress_end(&r->bar);
	return status;
}

/* The last lines of the build's log, on stderr. */
static void show_tail(const char *log)
{
	size_t len;
	char *text = cli_read_all(log, &len);
	const char *start;
	int lines = 0;

	if (!text)
		return;
	start = text + (len > TAIL_BYTES ? len - TAIL_BYTES : 0);
	for (const char *p = text + len; p > start; p--)
		if (p[-1] == '\n' && p != text + len && ++lines == TAIL_LINES) {
			start = p;
			break;
		}
	fputs(start, stderr);
	if (len && text[len - 1] != '\n')
		fputc('\n', stderr);
	free(text);
}

/* The folder the database goes to: -p, made when missing, or one in the
 * audit's temporary folder. */
static int make_db_dir(build_run *r)
{
	const char *given = r->a->opt.build_dir;

	if (given)
		snprintf(r->db_dir, sizeof(r->db_dir), "%s", given);
	else
		snprintf(r->db_dir, sizeof(r->db_dir), "%s/db", r->a->tmpdir);
	if (mkdir(r->db_dir, given ? 0777 : 0700) && errno != EEXIST)
		return cli_error("cannot create the folder '%s' for the "
				 "compilation database: %s", r->db_dir,
				 cli_strerror(errno));
	return CLI_OK;
}

/* The build failed: units it did not reach are not in the database. */
static int note_build_failed(build_run *r, int status)
{
	audit_note *note = AUDIT_PUSH(&r->a->failures);
	char cwd[PATH_MAX], name[128], text[320];

	if (!note)
		return cli_error("out of memory");
	build_name(r->cmd, name, sizeof(name));
	snprintf(text, sizeof(text), AUDIT_BUILD_FAILED " (exit status %d, '%s'): "
		 "what it did not compile is not audited", status, name);
	note->file = strdup(getcwd(cwd, sizeof(cwd)) ? cwd : ".");
	note->text = strdup(text);
	return note->file && note->text ? CLI_OK : cli_error("out of memory");
}

/* The databases of what compiled and of what failed. */
static int make_databases(build_run *r, const char **paths, size_t npaths)
{
	char ok[PATH_MAX], bad[PATH_MAX], db[PATH_MAX + 32], why[256];
	size_t nfailed;
	const char *tmp = r->a->tmpdir;

	snprintf(ok, sizeof(ok), "%s/events-ok.json", tmp);
	snprintf(bad, sizeof(bad), "%s/events-failed.json", tmp);
	snprintf(db, sizeof(db), "%s/compile_commands.json", r->db_dir);
	if (build_events_split(r->events, ok, bad, &nfailed, why, sizeof(why)))
		return cli_error("cannot read what the build ran: %s", why);
	if (build_citnames(ok, db))
		return CLI_FAIL;
	if (!nfailed)
		return CLI_OK;
	snprintf(ok, sizeof(ok), "%s/failed.json", tmp);
	if (build_citnames(bad, ok))
		return CLI_FAIL;
	return build_note_failed(r->a, ok, paths, npaths);
}

/* After the build: a failure said, the database checked and kept. */
static int finish(build_run *r, int status, const char *keep)
{
	char db[PATH_MAX + 32], name[128];
	size_t n;

	build_name(r->cmd, name, sizeof(name));
	snprintf(db, sizeof(db), "%s/compile_commands.json", r->db_dir);
	if (build_db_count(db, &n))
		return CLI_FAIL;
	if (!n && !r->a->not_built && status)
		return cli_error("the build '%s' failed (exit status %d) before "
				 "it compiled anything: nothing to audit", name,
				 status);
	if (!n && !r->a->not_built)
		return cli_error("the build '%s' compiled nothing (exit status "
				 "0): bear records only the compilers a build "
				 "starts, so build from a clean tree", name);
	if (status) {
		fprintf(stderr, "flagspace: the build '%s' failed (exit "
			"status %d): auditing what it compiled\n", name,
			status);
		if (note_build_failed(r, status))
			return CLI_FAIL;
	}
	if (keep && build_keep(db, keep))
		return CLI_FAIL;
	free(r->a->build_db);
	if (!(r->a->build_db = strdup(r->db_dir)))
		return cli_error("out of memory");
	r->a->opt.build_dir = r->a->build_db;
	return CLI_OK;
}

int audit_build(audit *a, const char *const *cmd, const char *keep,
		const char **paths, size_t npaths)
{
	build_run r;
	int status, res;

	memset(&r, 0, sizeof(r));
	r.a = a;
	r.cmd = cmd;
	snprintf(r.events, sizeof(r.events), "%s/events.json", a->tmpdir);
	progress_init(&r.bar, a->opt.progress, 0);
	/* A bar redrawn on a terminal: the build's output to a log. */
	if (r.bar.on && r.bar.tty)
		snprintf(r.log, sizeof(r.log), "%s/build.log", a->tmpdir);
	if (make_db_dir(&r))
		return CLI_FAIL;
	if ((status = intercept(&r)) < 0)
		return CLI_FAIL;
	if (status && r.log[0])
		show_tail(r.log);
	res = make_databases(&r, paths, npaths);
	return res ? res : finish(&r, status, keep);
}
