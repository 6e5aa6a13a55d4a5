/* prefilter.h: skips the translation units that cannot contain a finding,
 * by reading their sources, not compiling them (see prefilter.c for why
 * nothing is lost). */
#ifndef FS_PREFILTER_H
#define FS_PREFILTER_H

#include "audit.h"
#include "sha256.h"
#include "strset.h"

typedef AUDIT_VEC(char *) pf_strs;

typedef struct pf_include {
	char *name;
	int angled;
	int computed;		/* #include MACRO: the file is not known */
	int probe;		/* __has_include(...): looked for, not read */
} pf_include;

/* One operand of a run pasted with ##: a token (text), a parameter (text
 * is its name) whose argument is pasted as written (RAW) or after macro
 * expansion (EXPANDED, reached through another macro), or anything. */
typedef enum pf_op_kind {
	PF_OP_TEXT,
	PF_OP_RAW,
	PF_OP_EXPANDED,
	PF_OP_ANY,
} pf_op_kind;

typedef struct pf_op {
	pf_op_kind kind;
	char *text;
} pf_op;

/* a ## b ## c: the name made is its operands joined. */
typedef struct pf_paste {
	AUDIT_VEC(pf_op) ops;
} pf_paste;

typedef struct pf_define {
	char *name;
	pf_strs params;		/* of a function-like macro */
	int function_like, variadic;
	char *body_text;	/* the replacement list */
	pf_strs body;		/* identifiers of the replacement */
	AUDIT_VEC(pf_paste) pastes;	/* its own, and those of its calls */
	int paste_any;		/* a paste that may make any name */
} pf_define;

typedef struct pf_file {
	char *path;
	int scanned, readable;
	int names_record;	/* -1 not asked yet, else 0 or 1 */
	pf_strs idents;		/* words that may be expanded or parsed */
	pf_strs watched;	/* the watched words it has, anywhere */
	AUDIT_VEC(pf_include) includes;
	AUDIT_VEC(pf_define) defines;
	size_t seen_tu, seen_user_tu;	/* marks of the unit being walked */
	int hashed;		/* 1: sha holds its contents' digest; -1:
				   it could not be read */
	unsigned char sha[SHA256_BYTES];
} pf_file;

/* Whether v holds s. */
int pf_strs_has(const pf_strs *v, const char *s);
/* Appends a copy of s. Returns 0, or -1 when out of memory. */
int pf_strs_push(pf_strs *v, const char *s);
/* Whether path is a regular file. */
int pf_is_regular(const char *path);

/* The characters of identifiers ('$' included, as compilers take it). */
int pf_is_ident_start(int c);
int pf_is_ident_char(int c);

/* Reads f->path: sets readable, idents, includes, defines, and the words
 * of `watch` (may be NULL) it holds outside comments. Returns 0, or -1
 * when out of memory. */
int pf_scan_file(pf_file *f, const strset *watch);

/* Frees what pf_scan_file read (not f->path). */
void pf_file_free(pf_file *f);

/* Reads the parameters, replacement list and pastes of a #define into d,
 * `p` just after the macro's name. Returns 0, or -1 when out of memory. */
int pf_scan_pastes(pf_define *d, const char *p, const char *eol);
/* Whether paste p can make `name`. */
int pf_paste_fits(const pf_paste *p, const char *name);
/* Adds to d the pastes its calls of `callee_name` make, whose definitions
 * are callees, in d's parameters; is_macro(ctx, word) tells whether a word
 * is a macro (an argument it expands into anything). Sets d->paste_any
 * where a call cannot be followed. Returns 1 when d changed, 0 when not,
 * -1 when out of memory. */
int pf_derive_pastes(pf_define *d, const char *callee_name,
		     const pf_define *const *callees, size_t ncallees,
		     int (*is_macro)(void *, const char *), void *ctx);
void pf_define_free(pf_define *d);

/* One definition that names a word (a chain per word). */
typedef struct pf_use {
	size_t ref, next;
} pf_use;

/* The names that may lead to a finding (prefilter_closure.c). */
typedef struct pf_names {
	const fs_rules *rules;
	strset closure;		/* macro -> how it can make a watched name */
	strset defs;		/* macro -> its last definition in refs */
	AUDIT_VEC(pf_define *) refs;
	AUDIT_VEC(size_t) next;	/* the definition before, or STRSET_NONE */
	strset users;		/* word -> last use in uses */
	AUDIT_VEC(pf_use) uses;
	strset macros;		/* other macros: the compiler's, -D */
} pf_names;

/* Closes n over the #defines of files. Returns 0, or -1 when out of
 * memory. */
int pf_names_close(pf_names *n, pf_file *files, size_t nfiles);
/* Whether `name`, written in code, may lead to a finding. */
int pf_names_trigger(const pf_names *n, const char *name);
/* Notes a macro no file defines. Returns 0, or -1 when out of memory. */
int pf_names_add_macro(pf_names *n, const char *name);
void pf_names_free(pf_names *n);

/* What one unit searches and defines, and what its walk found. */
typedef struct pf_plan {
	pf_strs quote, user, system, forced, dbody, dnames;
	pf_strs watched;	/* the watched macros its files name */
	pf_strs used_dirs;	/* the search directories some include or
				   __has_include finds a file in */
	int probe_unknown;	/* a __has_include of a computed name */
	char *sig;
	int must_run;
	int partial;		/* the walk could not see every file the
				   unit may read: no cache key */
	AUDIT_VEC(size_t) user_files;
	AUDIT_VEC(size_t) files;	/* every file walked or probed */
} pf_plan;

/* Reads a unit's command into plan (prefilter_command.c): search
 * directories, forced includes, -D; must_run for flags not followed, and
 * partial too unless the compiler then reads a subset of what the walk
 * finds (-nostdinc, -Wp,-MMD,<file>). */
void pf_read_command(pf_plan *plan, const audit_tu *tu);
/* A key of the plan's search path, for the include resolution cache. */
char *pf_plan_sig(const pf_plan *plan);

/* The clang whose include directories and macros the units see: the one
 * built against, unless $FLAGSPACE_CLANG names another. */
const char *pf_compiler(void);

/* Removes from a->tus the units that cannot contain a finding with the
 * rules `rules`; a->skipped counts them (none with opt.no_prefilter). With
 * opt.cache, each unit kept whose walk saw every file it may read gets the
 * digest of those files' paths and contents (tu->inputs,
 * prefilter_inputs.c). Returns CLI_OK or CLI_FAIL. */
int audit_prefilter(audit *a, const fs_rules *rules);
/* The digest of a complete plan's files (paths and contents, sorted by
 * path) and of the compiler's search directories `defaults`, in `out`.
 * Returns 0, or -1 when some file cannot be read now. */
int pf_inputs_digest(pf_file *files, const pf_plan *plan,
		     const pf_strs *defaults, unsigned char out[SHA256_BYTES]);

#endif
