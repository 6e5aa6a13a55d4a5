/* audit.h: the parts of `flagspace audit`: the compilation database, the
 * clang-tidy workers, their output, and the report. */
#ifndef FS_AUDIT_H
#define FS_AUDIT_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* A growable array of T: items, count, cap. */
#define AUDIT_VEC(T) struct { T *items; size_t count; size_t cap; }
/* Appends a zeroed element and returns a pointer to it, or NULL. */
void *audit_vec_push(void *vec_items, size_t *count, size_t *cap,
		     size_t elem);
#define AUDIT_PUSH(v) \
	audit_vec_push(&(v)->items, &(v)->count, &(v)->cap, \
		       sizeof(*(v)->items))

/* One translation unit of compile_commands.json. */
typedef struct audit_tu {
	char *dir;		/* the command's directory, absolute (a relative
				   one is taken from the database's folder) */
	char *file;		/* absolute, normalised */
	AUDIT_VEC(char *) args;	/* the command, hostile flags dropped */
	int has_inputs;		/* with --cache: 1, inputs is the digest of
				   its files; 2, of its preprocessed text */
	unsigned char inputs[32];	/* digest of every file the unit may
					   read, with contents (prefilter) */
	/* What the plan says the unit analyses: own_code 1 when its own code
	 * can change what is found, 0 when it runs only for its headers, -1
	 * when not known (the prefilter off, or the unit runs for another
	 * reason); headers: those whose code a flag name can reach. */
	int own_code;
	AUDIT_VEC(char *) headers;
} audit_tu;

/* A note clang-tidy attached to a finding ("flag passed here": where a
 * wrapper or a local variable passes the flag on). */
typedef struct audit_diag_note {
	char *file;		/* absolute */
	unsigned line, col;
	char *message;
} audit_diag_note;

/* Replace `length` bytes at byte `offset` of `file` with `text`. */
typedef struct fix_edit {
	char *file;
	size_t offset, length;
	char *text;
} fix_edit;

typedef AUDIT_VEC(fix_edit) fix_edits;

typedef struct audit_finding {
	char *file;		/* absolute */
	unsigned line, col;
	char *severity;		/* "warning" or "error" */
	char *message;
	char *check;
	int consequence;	/* fs_consequence: what it does at run time,
				   read from the end of clang-tidy's message
				   ("... [fails]"); FS_CONSEQUENCE_FAILS, the
				   worst, when the message carries none */
	AUDIT_VEC(audit_diag_note) notes;	/* in clang-tidy's order */
	fix_edits fix;		/* its fix-it (none: count 0) */
	int fix_with_errors;	/* the fix-it came from a run with compile
				   errors: applied only with --fix-errors */
} audit_finding;

/* A translation unit that could not be analysed, or a flag dropped from
 * its command. */
typedef struct audit_note {
	char *file;
	char *text;
	char *unit;	/* a compile error: the unit it broke, when the
			   error is in another file (a header); or NULL */
	char *why;	/* a dropped flag: why (NULL, in a report of an
			   older flagspace: it loads code) */
	unsigned line, col;	/* a compile error: its place in file (0:
				   none) */
} audit_note;

typedef AUDIT_VEC(audit_note) audit_notes;

/* How the notes of `audit -- <build>` (build/) start: a unit whose compile
 * command failed in the build, and the build that failed (on the folder it
 * ran in); the summary counts them by these. */
#define AUDIT_NOT_COMPILED "the build's compile command failed"
#define AUDIT_BUILD_FAILED "the build failed"

typedef struct audit_options {
	const char *build_dir;
	const char *format;		/* --format: a report_formats name */
	const char *clang_tidy;
	const char *plugin;
	const char *runner;		/* flagspace-runner-N, run in place of
					   clang_tidy and plugin; NULL: none */
	int no_runner;			/* --no-runner */
	const char *header_filter;
	int allow_plugins;
	int allow_outside_files;	/* --allow-outside-files: response
					   files and forced includes outside
					   the audited tree are read */
	int prefilter;			/* --prefilter: required */
	int no_prefilter;		/* --no-prefilter */
	int no_cover;			/* --no-cover-set */
	const char *baseline;		/* report only findings not in it */
	const char *write_baseline;	/* write the findings to it */
	int fix;			/* --fix: apply the certain fix-its */
	int allow_incomplete;		/* --allow-incomplete: exit 0 or 1 */
	const char *fail_on;		/* --fail-on: the classes that fail
					   the run (NULL: every one) */
	unsigned fail_set;		/* fail_on read: bits (1u <<
					   fs_consequence) */
	int fix_errors;			/* --fix-errors: also fix units with
					   compile errors */
	const char *shard;		/* --shard K/N, or NULL */
	unsigned shard_k, shard_n;
	const char *progress;		/* --progress=auto|always|never */
	const char *color;		/* --color=auto|always|never */
	int colour;			/* colour the text report */
	const cli_list *rules_files;	/* --rules, passed to the checks */
	const char *root;		/* --root: the audited tree */
	const char *const *build;	/* the build command after "--", or
					   NULL (build/build.h) */
	const char *keep_database;	/* --keep-database: the build's */
	const char *cache_dir;		/* --cache, else $FLAGSPACE_CACHE */
	int no_cache;			/* --no-cache */
	uint64_t cache_bytes;		/* --cache-size */
	unsigned njobs;			/* -j */
	unsigned timeout_s;		/* --timeout */
} audit_options;

typedef struct audit {
	audit_options opt;
	AUDIT_VEC(audit_tu) tus;
	AUDIT_VEC(audit_finding) findings;
	audit_notes failures;	/* crashed, timed out */
	audit_notes dropped;	/* flags removed (command_filter.h) */
	audit_notes compile_errors;
	size_t skipped;		/* units the prefilter proved clean */
	size_t same_reading;	/* units that read as another configuration
				   of their file (the prefilter) */
	size_t covered;		/* units whose headers another unit of the
				   cover set analyses, their own code naming
				   no flag (the prefilter) */
	size_t baselined;	/* findings left out: in the baseline */
	size_t merged_tus;	/* units of merged reports (not in tus) */
	size_t werror;		/* warnings clang-tidy reported as errors
				   (-Werror): no compile errors (collect/) */
	size_t unplaced_errors;	/* errors with no place: the driver's, a
				   broken rules file's (collect/) */
	size_t not_run;		/* units whose directory is missing (not in
				   tus; each is a failure) */
	size_t not_built;	/* audit -- <build>: units whose compile
				   command failed in the build (not in tus;
				   each a note in failures) */
	struct fix_store *fixes;	/* exported fix-its (fix.h) */
	struct audit_cache *cache;	/* --cache (cache.h), or NULL */
	char *tmpdir;
	char *root;		/* --root, resolved (realpath), or NULL */
	/* clang-tidy and the clang of the prefilter and the cache are of
	 * LLVM 16 or later: their runs get --no-default-config */
	int tidy_no_default_config, clang_no_default_config;
	char db_digest[65];	/* the units read, in hex (db_digest.c); a
				   merge: its reports' one digest, or "" */
	char *build_db;		/* audit -- <build>: the database's folder */
} audit;

/* The audited tree: the folder whose files fix-its may change and the
 * audited code's commands may read (--root, by default the current
 * directory). It is chosen by whoever runs the audit, never by the
 * database, a .clang-tidy or the cache, which the audited code's authors
 * write (audit_tree.c). */
/* Resolves `dir` (realpath) into a->root. Returns CLI_OK, or CLI_FAIL
 * after a one-line error: missing, not a folder. */
int audit_set_root(audit *a, const char *dir);
/* Whether `path`, resolved with realpath (every symlink followed, so a
 * symlink in the tree pointing out of it is outside), is a->root or under
 * it. A relative path is taken from the current directory. A path that
 * does not resolve (missing, a dangling symlink, a loop) is not in the
 * tree, nor is any path when a->root is NULL. */
int audit_in_tree(const audit *a, const char *path);
/* The part of `real` (a resolved path) under `root` (resolved): "" for
 * root itself, "sub/x.c" for root/sub/x.c; NULL when it is not under. */
const char *audit_tree_rel(const char *root, const char *real);

struct json_value;
/* Checks that the compilation database at `path` is JSON of the form
 * clang reads (an array of objects with a string "directory" and "file",
 * and "command" or "arguments"), before libclang reads it: libclang
 * returns the entries before a syntax error. Returns CLI_OK with the
 * database in *root (json_free it), or CLI_FAIL after printing
 * "path:line:col: error: ..." (db_check.c). */
int audit_db_check(const char *path, struct json_value *root);
/* Sets a->db_digest: SHA-256 of the units as read (each unit's directory,
 * file and command; not their order), the same for every machine reading
 * the same database, before --shard keeps a part. Returns 0, or -1 when
 * out of memory (db_digest.c). */
int audit_db_digest(audit *a);
/* Reads <build_dir>/compile_commands.json through libclang, keeping the
 * units under one of `paths` (all when npaths is 0) and dropping the
 * flags the filter drops (command_filter.h), each noted in a->dropped.
 * Returns CLI_OK or CLI_FAIL. */
int audit_db_load(audit *a, const char **paths, size_t npaths);
/* Takes the units whose "directory" is not a directory out of a->tus,
 * each noted as not analysed with its entry's place in
 * compile_commands.json, and counted in a->not_run. Returns CLI_OK or
 * CLI_FAIL (db_dirs.c). */
int audit_drop_missing_dirs(audit *a);
/* dir/file (or file when absolute), resolved when it exists; malloc'd. */
char *audit_abs_path(const char *dir, const char *file);
/* Whether `file` is `path` or lies under it (both absolute). */
int audit_is_under(const char *file, const char *path);
/* Writes the cleaned commands of units first .. first+count-1 to
 * dir/compile_commands.json: each clang-tidy process gets a database of its
 * own batch only, for clang-tidy runs every command of a file it is given,
 * and one process running commands of several directories can find stale
 * relative includes. Returns CLI_OK or CLI_FAIL. */
int audit_db_write(const audit *a, const char *dir, size_t first,
		   size_t count);

/* Whether clang-tidy loads the plugin and lists flagspace checks (or the
 * runner lists them): a plugin of another major fails here, once, rather
 * than on every unit. Returns CLI_OK or CLI_FAIL after a one-line error. */
int audit_check_tidy(const audit *a);
/* The program each unit runs in: the runner, else clang-tidy. */
static inline const char *audit_tool(const audit *a)
{
	return a->opt.runner ? a->opt.runner : a->opt.clang_tidy;
}
/* Runs clang-tidy over every unit, in batches of units sharing a
 * directory, opt.njobs at a time; a failing batch is rerun one unit at a
 * time so that a crash or a hang names its unit. */
int audit_run(audit *a);

/* Adds what one clang-tidy run in directory `dir`, started at `started`
 * (wall-clock time), found, as its --export-fixes YAML `yaml` (`len`
 * bytes) says: the flagspace findings with their notes and fix-its, and
 * the compile errors (collect/tidy_collect.c). Returns 0; 1 when the YAML
 * cannot be read (nothing added, "line:col: what" in `why`); -1 when out
 * of memory. */
struct timespec;
int audit_collect_run(audit *a, const char *yaml, size_t len,
		      const char *dir, const struct timespec *started,
		      char *why, size_t why_size);
/* The same for the YAML at yaml_path; none there: nothing found. */
int audit_collect_run_file(audit *a, const char *yaml_path, const char *dir,
			   const struct timespec *started, char *why,
			   size_t why_size);
/* Notes, as not analysed, the units first .. first+count-1 that a
 * clang-tidy run's stderr `err` says it skipped ("Skipping <file>.
 * Compile command not found."), counting them in *noted. Returns 0, or -1
 * when out of memory (tidy_skipped.c). */
int audit_parse_skipped(audit *a, const char *err, size_t first,
			size_t count, size_t *noted);
/* Sorts the findings and removes repeats (a header included by several
 * units). */
void audit_sort_findings(audit *a);


/* Whether a baseline can be written at `path` (its folder writable, the
 * path not a folder), before the audit runs. Returns CLI_OK, or CLI_FAIL
 * after a one-line error. */
int audit_baseline_check_path(const char *path);
/* Writes every finding to a baseline file, atomically: a temporary file
 * renamed over it, so that a full disk leaves the old one whole. Returns
 * CLI_OK or CLI_FAIL. */
int audit_baseline_write(const audit *a, const char *path);
/* Removes the findings the baseline holds (a->baselined counts them).
 * Returns CLI_OK, or CLI_FAIL for an unreadable or malformed file. */
int audit_baseline_apply(audit *a, const char *path);

/* Parses a --shard spec "K/N" (1 <= K <= N), or "auto" (shard_auto.h);
 * CLI_OK or CLI_FAIL after a one-line error. */
int audit_shard_parse(const char *spec, unsigned *k, unsigned *n);
/* Keeps the units of shard K of N (and the notes on them). */
void audit_shard(audit *a, unsigned k, unsigned n);

/* What names a loaded report: its "shard", K/N, or 0/0 when it is not a
 * shard's; its "database_digest", or "" (reports before it had none). */
typedef struct audit_shard_seen {
	unsigned k, n;
	char digest[65];
} audit_shard_seen;
/* Adds the contents of an audit's JSON report (findings, notes, counts)
 * to `a` (audit_load.c). Returns CLI_OK, or CLI_FAIL after printing
 * "file:line:col: error: ..." or a one-line error. */
int audit_load_json(audit *a, const char *path, audit_shard_seen *shard);

/* Whether some unit was not analysed or had compile errors. */
int audit_is_incomplete(const audit *a);
/* Files with compile errors (the notes sorted). */
size_t audit_error_files(const audit *a);
/* CLI_INCOMPLETE when incomplete (unless opt.allow_incomplete), else
 * CLI_FOUND when a finding reported is of a class of opt.fail_set
 * (--fail-on), else CLI_OK (audit_status.c). */
int audit_exit_status(const audit *a);
/* Ends the text summary's line: why units were not analysed, then lines
 * on compile errors and on the run being incomplete. */
void audit_put_gaps(const audit *a);
/* Sorts notes by file and text and drops repeats. */
void audit_sort_notes(audit_notes *notes);
/* Why a flag was dropped from its unit's command, in words. */
const char *audit_dropped_why(const audit_note *dropped);
/* Notes the words[0..n) dropped from the command of the unit `file`, and
 * why. Returns 0, or -1 out of memory (dropped_note.c). */
int audit_note_dropped(audit *a, const char *file, char *const *words,
		       size_t n, const char *why);
/* Units analysed or skipped, merged reports' included. */
size_t audit_tu_total(const audit *a);

void audit_tu_free(audit_tu *tu);
void audit_note_free(audit_note *note);
/* Frees the notes from index `keep` on and keeps the others. */
void audit_notes_truncate(audit_notes *notes, size_t keep);

/* How many words at args[i] say only where the compiler's output goes
 * (-o x, -MF x, -MD, -c ...): 0 when args[i] is not such a flag. */
size_t audit_output_words(char *const *args, size_t n, size_t i);
/* Whether two units are the same file compiled the same way, their
 * output flags aside (audit_config.c). */
int audit_same_config(const audit_tu *a, const audit_tu *b);
/* Whether a unit's files name a macro; whether some #include or
 * __has_include of them finds a file in a search directory (absolute). */
typedef struct audit_seen {
	int (*fn)(void *ctx, const char *macro);
	int (*dir_used)(void *ctx, const char *dir);
	void *ctx;
} audit_seen;
/* Whether two units of one file read the same, given what their files
 * name and find: their commands differ only in output flags, -g, warnings
 * that are not errors, -D, -U or -fPIC-like flags of macros not seen, and
 * search directories (-I ...) where no file of theirs is found. */
int audit_same_reading(const audit_tu *a, const audit_tu *b,
		       const audit_seen *seen);
/* prev[i]: the unit before i of the same directory and file, or
 * AUDIT_NO_UNIT. Returns 0, or -1 when out of memory. */
#define AUDIT_NO_UNIT ((size_t)-1)
int audit_group_by_file(const audit_tu *tus, size_t n, size_t *prev);
void audit_finding_free(audit_finding *f);
void audit_free(audit *a);

#endif
