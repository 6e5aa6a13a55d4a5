/* share_list.c: which files each unit reads, in the order it first opens
 * them: clang-scan-deps over the group's commands, as the runner would
 * run them. It reads only the directives of each file, once per process,
 * so it costs a few percent of a parse (fs/: 0.07 of the parse floor). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cli.h"
#include "database.h"
#include "fileio.h"
#include "share_list.h"
#include "share_spawn.h"
#include "strset.h"
#include "unknown_args.h"

/* One run of clang-scan-deps over the database in dir: 0, 1 when it
 * exited with another status than 0, -1 with `why`. */
static int scan(const audit *a, const char *scan_deps, const char *dir,
		unsigned group, size_t n, char *why, size_t size)
{
	char db[PATH_MAX + 32], out[PATH_MAX], err[PATH_MAX], jobs[16];
	const char *argv[] = { scan_deps, "-compilation-database", db,
			       "-format", "make", "-j", jobs, NULL };

	snprintf(db, sizeof(db), "%s/compile_commands.json", dir);
	snprintf(out, sizeof(out), "%s/share-%u.deps", a->tmpdir, group);
	snprintf(err, sizeof(err), "%s/share-%u.err", a->tmpdir, group);
	snprintf(jobs, sizeof(jobs), "%u", a->opt.njobs ? a->opt.njobs : 1);
	return share_run(argv, NULL, out, err,
			 (double)a->opt.timeout_s * (double)n, why, size);
}

int share_drop_unknown(audit *a, const char *err)
{
	strset known = { 0 };
	char *text;
	int dropped;

	if (!(text = cli_read_all(err, NULL)))
		return 0;
	dropped = audit_drop_unknown_args(a, text, &known);
	free(text);
	strset_free(&known);
	return dropped;
}

char *share_list(audit *a, const char *scan_deps, const size_t *units,
		 size_t n, unsigned group, size_t *len, char *why,
		 size_t size)
{
	char dir[PATH_MAX], out[PATH_MAX], err[PATH_MAX];
	char *text;
	int res = 1;

	snprintf(err, sizeof(err), "%s/share-%u.err", a->tmpdir, group);
	snprintf(dir, sizeof(dir), "%s/share-%u.db", a->tmpdir, group);
	snprintf(out, sizeof(out), "%s/share-%u.deps", a->tmpdir, group);
	if (mkdir(dir, 0700) && errno != EEXIST) {
		snprintf(why, size, "cannot make '%s'", dir);
		return NULL;
	}
	/* A unit it cannot read makes it exit 1: once again without the
	 * arguments clang rejected, then the others' rules stand, and a unit
	 * with none shares nothing. */
	for (int round = 0; res == 1 && round < 2; round++) {
		if (audit_db_write_units(a, dir, units, n) != CLI_OK) {
			snprintf(why, size, "cannot write '%s'", dir);
			return NULL;
		}
		res = scan(a, scan_deps, dir, group, n, why, size);
		if (res < 0)
			return NULL;
		if (res == 1 && (round || share_drop_unknown(a, err) <= 0))
			break;
	}
	if (!(text = cli_read_all(out, len)))
		snprintf(why, size, "cannot read '%s': %s", out,
			 cli_strerror(errno));
	return text;
}
