/* prefilter.h: skips the translation units that cannot contain a finding,
 * by reading their sources, not compiling them (see prefilter.c for why
 * nothing is lost). */
#ifndef FS_PREFILTER_H
#define FS_PREFILTER_H

#include "audit.h"
#include "sha256.h"
#include "strset.h"

typedef AUDIT_VEC(char *) pf_strs;
typedef AUDIT_VEC(size_t) pf_idxs;

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

/* One top-level declaration of a file (prefilter_decls.c): ranges of the
 * file's cwords (the identifiers it names, each once), cdecls (those it
 * may declare), cheads (identifiers before a '(' outside braces: a
 * function's name, or a macro called there) and cargs (per head: the
 * head, the identifiers directly in its parentheses, PF_END_ARGS), all
 * indices into the file's idents. */
#define PF_END_ARGS ((size_t)-1)	/* ends a head's group in cargs */
#define PF_END_DEF ((size_t)-2)		/* the same, before a function body */

typedef struct pf_chunk {
	size_t words, nwords, decls, ndecls, heads, nheads, args, nargs;
	int flagged;		/* a flag name can reach it */
} pf_chunk;

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
	/* The cover set's reading (prefilter_decls.c). */
	AUDIT_VEC(pf_chunk) chunks;
	pf_idxs cwords, cdecls, cheads, cargs;
	pf_idxs defs;		/* functions it may define */
	AUDIT_VEC(unsigned char) inner;	/* per ident: seen inside braces */
	int has_prefix;		/* prefix: digest of its text up to the end
				   of its last #include line */
	unsigned char prefix[SHA256_BYTES];
	int reaches;		/* -1 not asked yet, else whether a name it
				   spells may lead to a finding */
	int is_header;		/* reached by some unit's #include */
	int user_reached;	/* reached as no system header */
	int direct;		/* it names a flag or a macro that can make
				   one (before the cover set's closure) */
	int gen;		/* a flagged chunk calls a macro that pastes
				   names: what it declares is not known */
	pf_idxs gens;		/* those macros (indices into idents) */
} pf_file;

/* Whether v holds s. */
int pf_strs_has(const pf_strs *v, const char *s);
/* Appends a copy of s. Returns 0, or -1 when out of memory. */
int pf_strs_push(pf_strs *v, const char *s);
/* Whether path is a regular file. */
int pf_is_regular(const char *path);

/* The characters of identifiers ('$' included, as compilers take it). Here,
 * so that the scanner's helpers (prefilter_decls.c, prefilter_paste.c)
 * need not call back into the scanner. */
static inline int pf_is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static inline int pf_is_ident_char(int c)
{
	return pf_is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Reads f->path: sets readable, idents, includes, defines, and the words
 * of `watch` (may be NULL) it holds outside comments. Returns 0, or -1
 * when out of memory. */
int pf_scan_file(pf_file *f, const strset *watch);

/* Reads the top-level declarations of f's text (comments blanked), whose
 * identifiers `index` maps to their place in f->idents. Returns 0, or -1
 * when out of memory (prefilter_decls.c). */
int pf_scan_decls(pf_file *f, const char *text, const strset *index);
/* Whether w is a keyword (or an attribute's) that declares nothing. */
int pf_is_not_name(const char *w);

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
	strset calls;		/* macros that call a function of role
				   FS_ROLE_CALL, directly or through another */
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
/* The same, for a finding about a flag name: not a call of a function of
 * role FS_ROLE_CALL, nor a macro making one. A number given to such a
 * function is judged at a call written in the user's own files (a system
 * header's macro calling it is no finding), which name the function or a
 * macro making the call; a system header's declaration of it carries no
 * flag. */
int pf_names_trigger_flag(const pf_names *n, const char *name);
/* Adds `names` (declared in terms of a flag name) to the names that may
 * lead to a finding, with every macro that can now make one. Returns 0,
 * or -1 when out of memory. */
int pf_names_carry(pf_names *n, const pf_strs *names);
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
	size_t sig_id;		/* one per include path (resolve's key) */
	int must_run;
	int partial;		/* the walk could not see every file the
				   unit may read: no cache key */
	int narrowed;		/* the compiler reads a subset of what the
				   walk finds (-nostdinc, -Wp,-MMD): the
				   prefilter runs it, the cover set may not */
	int unresolved;		/* an #include of its own code found nowhere:
				   the prefilter runs it (its compile error
				   is shown), the cover set may not: its
				   group's units read the same */
	int record;		/* a system header spells a record some
				   finding needs no flag name in: the
				   prefilter runs it; the cover set reads the
				   record's name as a flag's */
	size_t main_file;	/* its main file's index, or (size_t)-1 */
	AUDIT_VEC(size_t) user_files;
	AUDIT_VEC(size_t) files;	/* every file walked or probed */
} pf_plan;

/* Reads a unit's command into plan (prefilter_command.c): search
 * directories, forced includes, -D; must_run and partial for flags not
 * followed, narrowed where the compiler then reads a subset of what the
 * walk finds (-nostdinc, -Wp,-MMD,<file>). */
void pf_read_command(pf_plan *plan, const audit_tu *tu);
/* A key of the plan's search path, for the include resolution cache. */
char *pf_plan_sig(const pf_plan *plan);

/* The clang whose include directories and macros the units see: the one
 * built against, unless $FLAGSPACE_CLANG names another. */
const char *pf_compiler(void);

/* The cover set (prefilter_cover.c). Flags every top-level declaration a
 * flag name can reach, adding what it declares to n's names, until
 * nothing changes; `inner` gets the words headers name inside braces.
 * Returns 0, or -1 when out of memory. */
int pf_cover_close(pf_names *n, pf_file *files, size_t nfiles,
		   strset *inner);
/* Whether a unit's walk is complete and it is C: it may be covered. */
int pf_cover_eligible(const pf_file *files, const pf_plan *plan,
		      const audit_tu *tu);
/* Whether the unit's own code can change what is found, and why: it
 * names a flag or a macro that can make one (NAMES_FLAG), a name declared
 * in terms of one (NAMES_CARRIER), a name a macro declaring in terms of
 * one may paste (NAMES_GENERATED), or defines a function headers call
 * (DEFINES). */
enum {
	PF_OWN_NONE, PF_OWN_NAMES_FLAG, PF_OWN_NAMES_CARRIER,
	PF_OWN_NAMES_GENERATED, PF_OWN_DEFINES,
};
int pf_cover_own(const pf_names *n, const strset *inner, const pf_file *files,
		 const pf_plan *plan);
/* The key of the unit's group: units of one key read their headers
 * alike. */
void pf_cover_key(const pf_file *files, const pf_plan *plan,
		  const audit_tu *tu, unsigned char out[SHA256_BYTES]);

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
