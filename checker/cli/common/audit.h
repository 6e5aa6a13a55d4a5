/* audit.h: the value an audit (and a merge) passes from stage to stage:
 * its options, units, findings and notes; the audited tree and paths;
 * freeing it. Each stage's functions are in the stage's own header:
 * database.h, plan.h, run.h, collect.h, baseline.h, report.h. */
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
/* Frees each string of an AUDIT_VEC(char *) and its array, and leaves it
 * empty. */
void audit_strs_free(char ***items, size_t *count, size_t *cap);
#define AUDIT_FREE_STRS(v) \
	audit_strs_free(&(v)->items, &(v)->count, &(v)->cap)

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
	/* Shared headers (share/shared_headers.h): the PCH holding headers
	 * it includes, which many units share, or NULL; pch_role says what
	 * the unit's run does with it. */
	char *pch;
	int pch_role;
} audit_tu;

enum {
	PCH_NONE,		/* reads its headers itself */
	PCH_READS,		/* reads them from pch (-include-pch) */
	PCH_NAMES,		/* reads them itself, first, and writes the
				   names they make carry for the others */
};

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
	int no_share;			/* --no-shared-headers */
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
	const char *min_kernel;		/* --min-kernel, passed to the checks
					   (flagspace.MinimumKernel); NULL:
					   not given */
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
	size_t shared;		/* units reading their headers from a PCH */
	unsigned jobs_run;	/* runs started: each its job-N files */
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
/* dir/file (or file when absolute), resolved when it exists; malloc'd
 * (common/audit_path.c). */
char *audit_abs_path(const char *dir, const char *file);
/* Whether `file` is `path` or lies under it (both absolute). */
int audit_is_under(const char *file, const char *path);

void audit_tu_free(audit_tu *tu);
void audit_note_free(audit_note *note);
/* Frees the notes from index `keep` on and keeps the others. */
void audit_notes_truncate(audit_notes *notes, size_t keep);

void audit_finding_free(audit_finding *f);
void audit_free(audit *a);

#endif
