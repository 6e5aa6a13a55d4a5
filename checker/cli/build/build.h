/* build.h: stage 0 of `audit -- <build command>`: runs the project's own
 * build under Debian's bear, which records every compiler the build starts
 * (LD_PRELOAD: make, ninja, meson, autotools and hard-coded compilers
 * alike), and makes from that record the compilation database the audit
 * reads. */
#ifndef FS_BUILD_H
#define FS_BUILD_H

#include <stddef.h>

#include "audit.h"

/* Runs the build `cmd` (a NULL-ended argv, run in the working directory)
 * under bear and writes the database of what it compiled to
 * opt.build_dir, or to <tmpdir>/db when -p was not given (a->tmpdir must
 * exist), then points opt.build_dir there; with `keep` (--keep-database)
 * the database is also written to that file. A compile command that failed
 * is noted as not analysed, and so is a build that failed (its units not
 * reached are unknown). Units under `paths` only, as audit_db_load keeps.
 * Returns CLI_OK, or CLI_FAIL after a one-line error: bear missing, a
 * build that compiled nothing. */
int audit_build(audit *a, const char *const *cmd, const char *keep,
		const char **paths, size_t npaths);

/* The build's processes: build_spawn starts one, build_wait reaps it
 * (build_spawn.c). */

struct fs_proc;
/* Starts argv through base/spawn (argv[0] found on PATH when it has no
 * '/'; a process group of its own, out of the terminal's reach; stdin
 * /dev/null) with stdout and stderr to the file `log`, or with log NULL
 * to the caller's stderr (never its stdout, the report's); the interrupt
 * handler stops it as the build (interrupt_set_build), and the command is
 * the subreaper of its orphans. Returns 0, or -1 with why[size] set. */
int build_spawn(const char *const *argv, const char *log, struct fs_proc *p,
		char *why, size_t size);
/* Waits for the process build_spawn started, calling tick(ctx) about
 * twenty times a second while it runs (tick may be NULL). Returns its
 * exit status (128+N when killed by signal N), or -1. */
int build_wait(struct fs_proc *p, void (*tick)(void *ctx), void *ctx);

/* The databases made from bear's events (build_db.c). */

/* bear citnames --run-checks: the compile commands of `events` (the
 * sources that still exist) into the database `out`; bear's output to the
 * caller's stderr. Returns CLI_OK or CLI_FAIL after a one-line error. */
int build_citnames(const char *events, const char *out);
/* The number of entries of the database at `path` into *n. Returns CLI_OK
 * or CLI_FAIL after a one-line error. */
int build_db_count(const char *path, size_t *n);
/* Notes each unit of the database `path` (the compile commands that failed
 * in the build) under one of `paths` as not analysed, once per file,
 * counting them in a->not_built. Returns CLI_OK or CLI_FAIL. */
int build_note_failed(audit *a, const char *path, const char **paths,
		      size_t npaths);
/* Writes the database `db` to `keep` (--keep-database), atomically.
 * Returns CLI_OK or CLI_FAIL after a one-line error. */
int build_keep(const char *db, const char *keep);

/* bear's events file (JSON lines: "started" and "terminated" records of
 * each process of the build; build_events.c). */

/* The "started" records in the complete lines from *offset on, moving
 * *offset past them: the processes the build has started, for the
 * progress line. */
size_t build_events_count(const char *path, long *offset);
/* Splits the events file: the "started" records of processes that exited
 * with status 0 go to the file `ok`, those of processes that failed, were
 * killed or never ended to `failed` (their count in *nfailed). Returns 0,
 * or -1 with a reason in why[size]. */
int build_events_split(const char *events, const char *ok,
		       const char *failed, size_t *nfailed, char *why,
		       size_t size);

#endif
