/* rules_model.h: the tables a rule set is made of, and how entries enter them.
 *
 * The entry arrays (namespaces, members, calls, ...) are the truth: they
 * only grow, in load order. The maps and the per-name lists (groups) are an
 * index over them, updated as entries are added and rebuilt from the arrays
 * when a failed load is rolled back. A later load (unit) may replace an
 * entry of an earlier one with the same key; within one unit that is a
 * duplicate, which the reader reports as an error.
 */
#ifndef FS_RULES_MODEL_H
#define FS_RULES_MODEL_H

#include <stdint.h>

#include "arena.h"
#include "flagspace.h"
#include "name_map.h"
#include "vec.h"

/* Where a word of a rules file is: file:line:col, columns from 1. */
typedef struct fs_pos {
	const char *file;
	size_t line;
	size_t col;
} fs_pos;

/* Which load an entry came from, and where: for replacing and for errors. */
typedef struct fs_origin {
	unsigned unit;
	fs_pos pos;
} fs_origin;

typedef struct fs_word {
	const char *text;
	fs_pos pos;
} fs_word;

typedef struct fs_words {
	fs_word *items;
	size_t count;
} fs_words;

typedef struct fs_namespace {
	const char *name;
	const char *prefix;
	const char *desc;	/* NULL when not given */
	const char *shown;	/* how messages name it; NULL: prefix + "*" */
	int is_enum;		/* kind=enum: members are values to look up
				   whole, never bits to combine */
	fs_pos pos;
	fs_ids members;		/* index: current members in load order */
} fs_namespace;

typedef struct fs_member {
	const char *name;
	int64_t value;
	size_t ns;
	fs_word same;		/* same=OTHER; text NULL when absent */
	int is_field;		/* value=field */
	fs_word mask;		/* mask=FIELD: one value of the multi-bit
				   field FIELD selects (O_RDONLY of
				   O_ACCMODE); text NULL when absent */
	fs_words covers;	/* covers=VALUE,...: values of the same
				   field this one also grants (O_RDWR covers
				   O_RDONLY and O_WRONLY), so a bit test of
				   one of them misses it */
	size_t ns_index;	/* index: its place in the namespace's list */
	fs_origin origin;
} fs_member;

/* One form of an ACCEPTED set: a namespace, possibly narrowed to a subset
 * of members written without the prefix. */
typedef struct fs_accept_part {
	fs_word ns;
	fs_words subset;	/* empty: the whole namespace */
} fs_accept_part;

typedef struct fs_accept {
	fs_accept_part *parts;
	size_t nparts;
	int is_number;		/* `-`: no flags at all, a number */
	int is_zero;		/* `0`: reserved, must be 0 */
} fs_accept;

/* FS_BITS_NEVER_SET: a `result` rule; a test for such bits is always false.
 * FS_BITS_UNREAD: an argument the system call does not have (the raw
 * faccessat's fourth), allowed with the accepted form `0` only.
 * FS_BITS_EISDIR and FS_BITS_MISBEHAVES are for combinations only: the
 * call fails with EISDIR (O_DIRECTORY with write access), or it succeeds
 * and does something else than asked, which the rule's note says.
 * FS_BITS_ENOSYS is for `since` rules only: a kernel older than the call
 * does not have it. */
typedef enum fs_bits {
	FS_BITS_IGNORED,
	FS_BITS_EINVAL,
	FS_BITS_NEVER_SET,
	FS_BITS_EOPNOTSUPP,
	FS_BITS_UNREAD,
	FS_BITS_EISDIR,
	FS_BITS_MISBEHAVES,
	FS_BITS_ENOSYS,		/* `since` only: the kernel has no such call */
	FS_BITS_COUNT
} fs_bits;
/* bits=WORD in the rules, for each fs_bits. */
extern const char *const fs_bits_words[FS_BITS_COUNT];

/* The position a `result` rule is stored at: past any real argument, so
 * that calls never see it as one. */
#define FS_RESULT_POS ((size_t)4096)

/* The position of a combination's `flags(*)`: in each function, the
 * argument its call rule names so (open()'s flags(1), openat()'s
 * flags(2)). */
#define FS_ANY_POS ((size_t)-2)

typedef struct fs_param {
	const char *name;
	size_t pos;		/* argument position; unused for fields */
} fs_param;

typedef struct fs_call_rule {
	fs_words funcs;
	fs_param param;
	fs_accept accept;
	fs_bits bits;
	fs_param when_param;
	fs_words when;		/* empty: the rule always applies */
	int is_result;		/* `result` rule: param is {"result",
				   FS_RESULT_POS} */
	int replaces;		/* the argument replaces the flags it
				   takes (fcntl F_SETFD): a flag it does
				   not give is cleared */
	fs_bits complement;	/* with replaces: what a complement (~FLAG)
				   that turns on flags it takes does
				   (`complement=`; FS_BITS_MISBEHAVES when
				   not given) */
	const char *complement_note;	/* `complement-note=`: why, or
					   NULL */
	fs_words never;		/* `result` rules: flags of its set's
				   namespaces the result never holds
				   (`never=`) */
	fs_origin origin;
} fs_call_rule;

typedef struct fs_field_rule {
	const char *record;
	const char *field;
	fs_accept accept;
	fs_bits bits;
	fs_origin origin;
} fs_field_rule;

typedef struct fs_mode_rule {
	fs_words sites;		/* functions, or one record */
	int is_record;
	fs_param flags;
	fs_param mode;
	fs_words flag_names;
	int strict;
	int zero_mode;		/* zero-unless=: a mode certainly 0 is
				   reported too, */
	fs_words zero_unless;	/* unless FLAGS has one of these */
	const char *instead;	/* MODE `-`: the function takes no mode and
				   the C library aborts the program on a
				   FLAG; this one takes it (`instead=`) */
	fs_origin origin;
} fs_mode_rule;

/* excludes, requires, ignored-unless: flags a call rejects or ignores in
 * combination with others (rules/README.md). */
typedef enum fs_combo_kind {
	FS_COMBO_EXCLUDES,	/* a FIRST with any OTHER */
	FS_COMBO_REQUIRES,	/* a FIRST without every OTHER: an error */
	FS_COMBO_IGNORED_UNLESS,	/* a FIRST without every OTHER: the
					   FIRST is ignored */
	FS_COMBO_COUNT
} fs_combo_kind;

typedef struct fs_combo_rule {
	fs_combo_kind kind;
	fs_words sites;		/* functions, or one record */
	int is_record;
	fs_param param;		/* where the FIRSTs are */
	fs_words firsts;
	fs_param other_param;	/* where the OTHERs are: param unless the
				   rule names another argument or field */
	fs_words others;	/* empty with any_other or alone */
	int any_other;		/* `*`: any other member of the namespace of
				   the FIRST found */
	int alone;		/* `-` (requires, ignored-unless): no OTHER
				   makes the FIRST right there */
	fs_words except;	/* with `*`: the members allowed beside it */
	fs_words unless;	/* in param: with any of them, no finding */
	fs_words with;		/* in param: the rule applies only where all
				   of them are set on every path (mount()'s
				   MS_REMOUNT beside MS_BIND) */
	fs_param file;		/* file=: the rule applies only where this
				   argument is a string literal naming a
				   path that is no device (O_EXCL without
				   O_CREAT locks a block device); name NULL:
				   everywhere */
	fs_bits bits;		/* what the call does: einval, eopnotsupp,
				   eisdir, misbehaves (the note says how) or
				   ignored (excludes: the OTHER is ignored) */
	int has_bits;		/* bits= is given (with means=: what the
				   call does in the case the note names) */
	fs_word means;		/* excludes: the pair is this other macro
				   (MAP_SHARED|MAP_PRIVATE is
				   MAP_SHARED_VALIDATE); text NULL when
				   not */
	const char *note;	/* what happens, in the rule's words */
	fs_origin origin;
} fs_combo_rule;

/* Which C library a mode-string rule is about (`libc=`). */
typedef enum fs_libc {
	FS_LIBC_ANY,		/* every one */
	FS_LIBC_GLIBC,		/* the unit is built against glibc */
} fs_libc;

/* mode-string FUNC[,ALIAS...] PARAM(POS) first=LETTERS [letters=LETTERS]
 * [reads=N] [stop=LETTERS] [strict] [libc=glibc] [note="..."]: argument
 * POS is an
 * fopen()-style mode string (rules/README.md). */
typedef struct fs_modestr_rule {
	fs_words funcs;
	fs_param param;
	const char *first;	/* the letters that may come first */
	const char *letters;	/* the letters it reads after the first
				   ("" when none) */
	size_t reads;		/* how many letters after the first it
				   reads; 0: all */
	const char *stop;	/* letters that end what it reads ("" when
				   none) */
	int strict;		/* any other letter, or not exactly one of
				   `first`, fails with EINVAL */
	fs_libc libc;
	const char *note;	/* said in messages, or NULL */
	fs_origin origin;
} fs_modestr_rule;

/* swappable FUNC[,ALIAS...] A(POS) B(POS): two arguments users swap. */
typedef struct fs_swap_rule {
	fs_words funcs;
	fs_param a, b;
	fs_origin origin;
} fs_swap_rule;

/* layout RECORD FIELD[,FIELD...] size=BYTES passed=FUNC(POS) [min=N]: a
 * struct the kernel reads through argument POS of FUNC, by its fields in
 * order (each BYTES long, so at BYTES times its index), so that a copy of
 * it under another tag is known by shape. */
typedef struct fs_layout_rule {
	fs_word record;
	fs_words fields;
	uint64_t size;
	fs_param passed;	/* the function and its argument */
	size_t min;		/* fields a copy has at least (a prefix) */
	fs_origin origin;
} fs_layout_rule;

/* How a since rule's call is made: the C library's function may stand in
 * for a missing system call (glibc's statx() falls back to fstatat()). */
typedef enum fs_since_via {
	FS_VIA_ANY,		/* both */
	FS_VIA_SYSCALL,		/* syscall(SYS_x) only */
	FS_VIA_LIBC,		/* the C library's function only */
} fs_since_via;

/* since FUNC[,ALIAS...] [PARAM(POS) FLAG[,FLAG...]] [glibc=X.Y]
 * [linux=X.Y[.Z]] [emulated] [via=syscall|libc] [bits=...] [note="..."]
 * [instead="..."]:
 * the call, or those flags in that argument, work as asked only with that
 * glibc and that kernel or newer; with an older one the call does what
 * bits= and note= say (rules/README.md). */
typedef struct fs_since_rule {
	fs_words funcs;
	fs_param param;		/* pos FS_NONE: the rule is about the call */
	fs_words flags;		/* empty: the call itself */
	fs_words raw;		/* the call itself: SYS_x and __NR_x of each
				   function, the names a raw syscall() is
				   written with (for the prefilter) */
	uint32_t glibc;		/* FS_VERSION_OF; 0: no condition on it */
	uint32_t kernel;	/* likewise, Linux */
	int emulated;		/* before those versions the C library
				   emulates it: reported unless what is known
				   rules the older versions out (without it,
				   only where a known lower bound is older) */
	fs_since_via via;	/* which way of calling the fact is about */
	fs_bits bits;
	const char *note;	/* what happens before, in the rule's words;
				   NULL: said from bits */
	const char *instead;	/* what to write instead; NULL: not said */
	fs_words fallbacks;	/* else=: functions that do the job without
				   the call or flag (renameat for
				   renameat2); empty: the same function
				   only */
	fs_param when_param;
	fs_words when;		/* when=PARAM(POS):FLAG,...: only where that
				   argument may hold one of these flags, by
				   value (faccessat's mode: F_OK, 0 hold
				   none); empty: always */
	fs_origin origin;
} fs_since_rule;

typedef struct fs_deprecation {
	fs_word old;
	fs_word replacement;	/* "-" when the flag should simply go */
	const char *reason;	/* NULL when not given */
	int unneeded;		/* with NEW `-`: its bits are ignored, but
				   nothing the code asks for is lost */
	fs_origin origin;
} fs_deprecation;

typedef struct fs_equivalent {
	fs_word from;
	fs_word to;
	const char *scope;	/* NULL when not given */
	int certain;
	int never_merged;
	int same_value;		/* TO is FROM's bits spelled in TO's
				   namespace: FROM works there only because
				   the values are equal */
	fs_origin origin;
} fs_equivalent;

/* arch NAME cpus=CPU[,CPU...]: an architecture whose values the rules
 * know. `values` maps a member's name to its entry in arch_values where
 * the value there differs from the member's own (x86-64) value. */
typedef struct fs_arch {
	const char *name;
	fs_words cpus;		/* the first word of a target triple;
				   "arm*" matches by prefix */
	fs_name_map values;	/* index */
	fs_origin origin;
} fs_arch;

typedef struct fs_arch_value {
	size_t arch;
	fs_word name;
	int64_t value;
	int is_absent;		/* `NAME -`: the architecture has no such
				   macro (MAP_32BIT outside x86) */
	fs_origin origin;
} fs_arch_value;

/* Everything the rules say about one function, record or FROM name. */
typedef struct fs_group {
	const char *name;
	fs_ids rules;		/* call, field or equivalent entries */
	fs_ids modes;		/* needs-mode entries */
	fs_ids combos;		/* excludes, requires, ignored-unless */
	fs_ids modestrs;	/* mode-string entries */
} fs_group;

#define FS_TABLE(type, name) \
	struct { type *items; size_t count; size_t cap; } name

struct fs_rules {
	fs_arena arena;
	unsigned unit;		/* the load being read */
#define FS_RULES_TABLE(type, name) FS_TABLE(type, name);
#include "rules_tables.def"
#undef FS_RULES_TABLE
	FS_TABLE(fs_group, groups);	/* index */
	fs_name_map namespace_map;
	fs_name_map member_map;
	fs_name_map function_map;	/* name -> group */
	fs_name_map record_map;		/* name -> group */
	fs_name_map equivalent_map;	/* FROM -> group */
	fs_name_map deprecation_map;
	fs_name_map when_map;		/* names used in when= */
	/* For the name queries of tools reading source text (query_names.c),
	 * of every entry, replaced ones too: */
	fs_name_map flag_call_map;	/* functions of a call rule that takes
					   flags, or of a mode-string rule
					   (rules_index.c) */
	fs_name_map mode_record_map;	/* records of a needs-mode rule */
	fs_name_map since_call_map;	/* functions, SYS_x and __NR_x of a
					   since rule about the call itself */
	/* Profiles (profile.h): the base owns the declared profiles, a view
	 * of each and the texts it loaded; a view knows its profile. */
	struct fs_profiles *profiles;	/* base only; NULL before the first */
	const char *profile;		/* a view's profile; NULL: the base */
	int deprecated_silent;		/* a view: no deprecated spelling is
					   reported (the unit implements them) */
};

/* Sizes of the entry tables at the start of a load. */
typedef struct fs_checkpoint {
	fs_arena_mark mark;
#define FS_RULES_TABLE(type, name) size_t name;
#include "rules_tables.def"
#undef FS_RULES_TABLE
	unsigned unit;
} fs_checkpoint;

/* The result of adding an entry: added, a clash with an entry of the same
 * unit (*clash tells where that one is), or out of memory. */
typedef enum fs_add {
	FS_ADD_OK,
	FS_ADD_CLASH,
	FS_ADD_FULL,		/* too many rules for one name */
	FS_ADD_NOMEM,
} fs_add;

/* Rules one function, record or FROM name may have: a bound on the work of
 * comparing a new rule with those already there. */
enum { FS_MAX_GROUP = 128 };

fs_checkpoint fs_model_checkpoint(const fs_rules *rules);
/* Drops every entry added after `cp` (rules_index.c). Returns 0, or -1 when
 * out of memory while rebuilding the index (the rule set is then
 * incomplete). */
int fs_model_rollback(fs_rules *rules, const fs_checkpoint *cp);
/* Forgets the index (maps, groups, member lists) but not the entries. */
void fs_model_clear_index(fs_rules *rules);
void fs_model_free(fs_rules *rules);

/* Each adder takes an entry already appended to its table (by index). */
fs_add fs_model_add_namespace(fs_rules *rules, size_t id);
fs_add fs_model_add_member(fs_rules *rules, size_t id, const fs_pos **clash);
fs_add fs_model_add_call(fs_rules *rules, size_t id, const fs_pos **clash);
fs_add fs_model_add_field(fs_rules *rules, size_t id, const fs_pos **clash);
fs_add fs_model_add_mode(fs_rules *rules, size_t id, const fs_pos **clash);
fs_add fs_model_add_combo(fs_rules *rules, size_t id, const fs_pos **clash);
fs_add fs_model_add_modestr(fs_rules *rules, size_t id,
			    const fs_pos **clash);
fs_add fs_model_add_deprecation(fs_rules *rules, size_t id,
				const fs_pos **clash);
fs_add fs_model_add_equivalent(fs_rules *rules, size_t id,
			       const fs_pos **clash);
fs_add fs_model_add_since(fs_rules *rules, size_t id, const fs_pos **clash);
fs_add fs_model_add_arch_value(fs_rules *rules, size_t id,
			       const fs_pos **clash);

/* Appends a zeroed entry to a table; returns its index or FS_NONE. */
size_t fs_model_new_entry(void **items, size_t *count, size_t *cap,
			  size_t elem);
#define FS_NEW_ENTRY(rules, table) \
	fs_model_new_entry((void **)&(rules)->table.items, \
			   &(rules)->table.count, &(rules)->table.cap, \
			   sizeof(*(rules)->table.items))

/* Whether `words` holds `name`. */
int fs_words_has(const fs_words *words, const char *name);

/* Lookups; each returns FS_NONE (or NULL) when there is no such entry. */
size_t fs_model_namespace(const fs_rules *rules, const char *name);
size_t fs_model_member(const fs_rules *rules, const char *name);
const fs_group *fs_model_function(const fs_rules *rules, const char *name);
const fs_group *fs_model_record(const fs_rules *rules, const char *name);
const fs_group *fs_model_equivalents(const fs_rules *rules, const char *from);
const fs_deprecation *fs_model_deprecation(const fs_rules *rules,
					   const char *name);
int fs_model_is_when_name(const fs_rules *rules, const char *name);
size_t fs_model_arch(const fs_rules *rules, const char *name);

#endif
