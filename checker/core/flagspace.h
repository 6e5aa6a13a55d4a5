/* flagspace.h: the public API of the rules engine (C11, no LLVM).
 *
 * A front end (the clang-tidy module, the command line) loads rules, then
 * describes each flag-taking site it finds as plain facts: the callee or the
 * struct field, and for each argument the terms the user wrote (macro names,
 * values, operators). The engine decides what to report and returns the
 * complete message and, where the fix is certain, the replacement text.
 * Front ends never interpret flags themselves.
 */
#ifndef FLAGSPACE_H
#define FLAGSPACE_H

#include <stddef.h>
#include <stdint.h>

#include "fs_outcome.h"	/* fs_outcome: how the code tests a call's outcome */
#include "fs_platform.h"	/* fs_platform: what a unit's program runs on */
#include "fs_version.h"	/* FS_VERSION: "MAJOR.MINOR.PATCH" of this build */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fs_check {
#define FS_CHECK(id, ...) FS_CHECK_##id,
#include "checks.def"
#undef FS_CHECK
	FS_CHECK_COUNT
} fs_check;

/* Returns the user-facing name of a check ("flagspace-wrong-namespace"). */
const char *fs_check_name(fs_check check);
/* What the check reports, one line ("a flag in the wrong field of a
 * struct"), and why that matters, a few sentences (checks.def). */
const char *fs_check_summary(fs_check check);
const char *fs_check_description(fs_check check);

/* ---- consequences ---------------------------------------------------- */

/* What a finding does at run time (consequences.def), worst first: every
 * finding has exactly one. */
typedef enum fs_consequence {
#define FS_CONSEQUENCE(id, ...) FS_CONSEQUENCE_##id,
#include "consequences.def"
#undef FS_CONSEQUENCE
	FS_CONSEQUENCE_COUNT
} fs_consequence;

/* A set of classes: bit (1u << c) for each class c in it. */
#define FS_CONSEQUENCES_ALL ((1u << FS_CONSEQUENCE_COUNT) - 1)

/* The class's word ("fails", "same-value") and what it means, one line;
 * NULL for a value out of range. */
const char *fs_consequence_name(fs_consequence c);
const char *fs_consequence_meaning(fs_consequence c);
/* All that consequences.def says of a class, NULL for a value out of
 * range. */
typedef struct fs_consequence_text {
	const char *name;		/* "fails" */
	const char *sarif_level;	/* SARIF's result.level: "error" */
	const char *codequality;	/* GitLab Code Quality's severity */
	const char *meaning;		/* one line for people */
} fs_consequence_text;
const fs_consequence_text *fs_consequence_text_of(fs_consequence c);
/* The class the `len` bytes at `name` name, or FS_CONSEQUENCE_COUNT. */
fs_consequence fs_consequence_parse(const char *name, size_t len);
/* Reads a list of classes separated by ',' (white space around a word is
 * ignored): class names, "all", and "none" or nothing for the empty set.
 * Returns 0 with the set in *set, or -1 with *bad and *bad_len the first
 * word that is none of those (its length may be 0: an empty item). */
int fs_consequences_parse(const char *list, unsigned *set, const char **bad,
			  size_t *bad_len);
/* The clang-tidy checks carry a finding's class at the end of its message,
 * where clang-tidy prints it beside the check's name: "<message> [fails]"
 * (checker/docs/cli.md). When the `len` bytes at `message` end so, returns
 * the length of the message before " [", with the class in *c; otherwise
 * returns len and leaves *c. */
size_t fs_consequence_unmark(const char *message, size_t len,
			     fs_consequence *c);

/* ---- rules ---------------------------------------------------------- */

typedef struct fs_rules fs_rules;

/* Problems found while reading rules: `where` is "file:line:col". */
typedef enum fs_severity { FS_WARNING, FS_ERROR } fs_severity;
typedef void (*fs_report_fn)(void *ctx, fs_severity severity,
			     const char *where, const char *message);

/* Returns an empty rule set, or NULL when out of memory. */
fs_rules *fs_rules_new(void);
void fs_rules_free(fs_rules *rules);

/* Each loader returns 0 on success, or -1 after reporting at least one
 * FS_ERROR through `report` (which may be NULL). On error the rules already
 * loaded stay usable; the failing file is not partly applied. */
int fs_rules_add_builtin(fs_rules *rules, fs_report_fn report, void *ctx);
int fs_rules_add_file(fs_rules *rules, const char *path,
		      fs_report_fn report, void *ctx);
int fs_rules_add_text(fs_rules *rules, const char *file_name,
		      const char *text, size_t len,
		      fs_report_fn report, void *ctx);
/* The rules of an option (a clang-tidy option such as
 * flagspace.SocketTakesOpenFlags): rules/options/OPTION.rules, built in but
 * read only here, after the built-in rules, whose rules for the same
 * arguments it replaces. An unknown option is an error. */
int fs_rules_add_option(fs_rules *rules, const char *option,
			fs_report_fn report, void *ctx);

/* Profiles: rules files may give some rules only to a kind of
 * translation unit (rules/README.md, `profile`): the kernel's own code,
 * which defines __KERNEL__, has its own namespaces and implements the
 * deprecated spellings. The front end says which macros the unit defines
 * (`defined` returns nonzero for a defined macro name) and checks the
 * unit with the rules returned: `rules` itself, or its view for the
 * unit's profile, which lives as long as `rules`. The engine decides
 * which macros matter. */
typedef int (*fs_defined_fn)(void *ctx, const char *macro);
const fs_rules *fs_rules_for_unit(const fs_rules *rules,
				  fs_defined_fn defined, void *ctx);

/* Name queries the front end uses to decide what to extract.
 * fs_rules_knows_macro: a member of any namespace, a deprecated spelling, or
 * a syscall number SYS_x / __NR_x whose function x has rules. */
int fs_rules_knows_macro(const fs_rules *rules, const char *name);
/* A function with argument rules, or "syscall". */
int fs_rules_knows_function(const fs_rules *rules, const char *name);
/* Whether the checks of a call of `function` read argument `pos` (its
 * value, a when= condition, a mode or a swap); the others need no facts.
 * For "syscall", `number` is the first argument's name (SYS_x or __NR_x,
 * NULL when not known), and argument 0 is always read. */
int fs_rules_reads_argument(const fs_rules *rules, const char *function,
			    const char *number, size_t pos);
/* Whether the rules say what a call of `function` returns (`result`
 * rules), so that a test of its result is worth describing (fs_check_result
 * finds nothing otherwise). Always 1 for "syscall". */
int fs_rules_reads_result(const fs_rules *rules, const char *function);
/* Whether another value of name's field covers it (`covers=`: O_RDWR
 * covers O_WRONLY), so that a bit test of it is worth the facts of what
 * its operand holds (fs_bit_test's holder and tested_with). */
int fs_rules_is_covered(const fs_rules *rules, const char *name);
/* A struct tag (without "struct ") that has field rules. */
int fs_rules_knows_record(const fs_rules *rules, const char *record);

/* Structs known by shape (rules/README.md, `layout`): the caller's struct,
 * under a tag of its own, is described by its fields in order: `count`
 * names, sizes and offsets in bytes.
 * fs_rules_record_by_layout: the struct tag whose rules it takes when it
 * is passed (a pointer to it) as argument `pos` of `function` ("syscall":
 * `number` names the call, positions moved by one), or NULL.
 * fs_rules_may_be_layout: whether some argument could make it a known
 * struct, so that its field writes are worth keeping until a call says. */
const char *fs_rules_record_by_layout(const fs_rules *rules,
				      const char *function, const char *number,
				      size_t pos, const char *const *names,
				      const uint64_t *sizes,
				      const uint64_t *offsets, size_t count);
int fs_rules_may_be_layout(const fs_rules *rules, const char *const *names,
			   const uint64_t *sizes, const uint64_t *offsets,
			   size_t count);

/* ---- facts about the code ------------------------------------------- */

enum {
	FS_TERM_FIXABLE = 1u << 2,	/* `name` is spelled directly at the
					   site, so it can be replaced */
};

/* One leaf of a flag expression, named by the outermost macro the rules
 * know (walked through unknown macros), or by the enumerator it refers to.
 * name == NULL: a plain number or a non-constant expression. */
typedef struct fs_term {
	const char *name;
	int64_t value;
	int has_value;		/* value is a compile-time constant */
	unsigned flags;		/* FS_TERM_* */
} fs_term;

/* How the terms of a value are combined, as the user wrote it: the
 * expression in prefix order (an operator, then each of its operands'
 * subtrees in turn). Casts and parentheses are left out. The engine works
 * out from it which bits can reach the argument and, for each term,
 * whether it is set, cleared, used as a mask, compared or tested (see
 * algebra.h); every check reads that. */
typedef enum fs_op {
	FS_OP_TERM,	/* leaf: terms[term] */
	FS_OP_UNKNOWN,	/* leaf: a part that is not a constant */
	FS_OP_OR,	/* a | b */
	FS_OP_AND,	/* a & b */
	FS_OP_XOR,	/* a ^ b */
	FS_OP_ADD,	/* a + b */
	FS_OP_SUB,	/* a - b */
	FS_OP_SHL,	/* a << b */
	FS_OP_SHR,	/* a >> b */
	FS_OP_EQ,	/* a == b */
	FS_OP_NE,	/* a != b */
	FS_OP_REL,	/* a < b, a <= b, a > b, a >= b */
	FS_OP_LAND,	/* a && b */
	FS_OP_LOR,	/* a || b */
	FS_OP_NOT,	/* ~a */
	FS_OP_LNOT,	/* !a */
	FS_OP_NEG,	/* -a */
	FS_OP_COND,	/* c ? a : b */
	FS_OP_EITHER,	/* a or b, as the returns of a function */
	FS_OP_MAYBE,	/* a or nothing: written on some paths only
			   (`if (c) v |= a;`) */
	FS_OP_TRUTH,	/* leaf: a part that is not a constant but is 0
			   or 1: its type is bool (a bool variable, a
			   call returning bool) */
	FS_OP_COUNT
} fs_op;

typedef struct fs_node {
	fs_op op;
	size_t term;		/* FS_OP_TERM: the index in the terms */
} fs_node;

/* Whether op is one users combine flags with (| & ^ + - ~): the named
 * terms of a constant made with it are described (O_RDWR | O_CREAT). A
 * constant made with any other operator (-1, 1 << 3, A == B) is one
 * unnamed term, as its value is what the call gets. */
int fs_op_combines_flags(fs_op op);

/* Whether a call's result in the given operand of op (0-based: `c ? a : b`
 * has c, a, b) reaches op's value as bits, so that what the result holds is
 * what the value holds there: through | & ^, an arm of ?:, the returns of
 * a function (FS_OP_EITHER), a write on some paths (FS_OP_MAYBE). Not
 * through arithmetic, shifts, ~, comparisons or a condition: those make
 * another number from it. The front end follows a result to where it is
 * written back only through these. */
int fs_op_passes_result(fs_op op, unsigned operand);

/* One argument or field value: its terms and the tree that combines them
 * (nodes). An absent argument (fewer arguments than the rule's position)
 * is simply not passed: nargs tells. A value without nodes (one the front
 * end did not read) and an ill-formed tree are read as an unknown value. */
typedef struct fs_value {
	const fs_term *terms;
	size_t nterms;
	int has_unknown;	/* some part is not a constant (a variable, a
				   call): the value is not fully known; the
				   tree says so too (FS_OP_UNKNOWN) */
	const fs_node *nodes;
	size_t nnodes;
	const char *string;	/* the argument is a string literal: its
				   text; NULL for any other value */
} fs_value;

/* Whether a part that is not a constant can reach the bits of the value
 * (as the call would get them): 1 for `flags | O_CLOEXEC`, 0 for `on ?
 * FD_CLOEXEC : 0` or `f(x) ? O_RDWR : O_RDONLY`, whose conditions pick an
 * arm but put no bit into the value; 1 for an ill-formed tree, or -1 when
 * out of memory. The front end follows a helper's returns only where none
 * can. */
int fs_value_reaches_unknown(const fs_rules *rules,
			     const fs_value *value);

typedef struct fs_call {
	const char *callee;	/* "open", "openat64", "syscall", ... */
	const fs_value *args;
	size_t nargs;
	const char *target;	/* the translation unit's target triple
				   ("aarch64-unknown-linux-gnu"), which
				   decides the values messages decode and
				   compare; NULL: unknown (x86-64 values) */
	fs_outcome outcome;	/* how the code tests the call's outcome */
	fs_platform platform;	/* what it runs on (all 0: not known) */
} fs_call;

/* A field being written: an assignment `s.field op= value`, or one field of
 * a brace initializer. For an initializer, pass every field the user wrote
 * in one fs_record call with is_initializer set: fields left out are zero. */
typedef struct fs_field {
	const char *name;
	fs_value value;
	int is_compound;	/* `|=`, `&=`, `^=`: the old value is kept */
	int is_toggle;		/* `^=`: the value flips bits of the old one,
				   a mask rather than a value (bindfs's
				   `st_mode ^= S_IFBLK | S_IFREG` turns a
				   block device into a regular file) */
} fs_field;

typedef struct fs_record {
	const char *record;	/* struct tag, e.g. "open_how" */
	const fs_field *fields;
	size_t nfields;
	int is_initializer;
	const char *target;	/* as in fs_call */
	int is_read;		/* the one field is read and tested with its
				   value as a mask (`stx.stx_attributes &
				   STATX_BTIME`): only flags the field cannot
				   hold are reported (wrong namespace, wrong
				   field), as a read is not limited to what a
				   write takes */
	fs_outcome outcome;	/* for a record initialized inside a test
				   table's entry: the outcome the entry
				   expects (FS_PLACE_TABLE) */
	const fs_call *given_to;	/* the one call the function writing
				   the struct gives it to (its address, or
				   the pointer to it, as an argument), with
				   its arguments' string literals at least;
				   NULL: none, or several */
	size_t given_arg;	/* which argument of given_to holds it */
} fs_record;

/* ---- findings -------------------------------------------------------- */

/* Where a finding points: argument or field `slot`, term `term` within it;
 * term == FS_WHOLE_VALUE points at the whole value; slot == FS_WHOLE_SITE
 * points at the call or initializer itself. */
#define FS_WHOLE_VALUE ((size_t)-1)
#define FS_WHOLE_SITE ((size_t)-1)

typedef struct fs_finding {
	fs_check check;
	size_t slot;
	size_t term;
	char *message;		/* complete, lower case, no check name */
	char *fix;		/* replacement text for the term, or NULL when
				   no fix is certain */
	size_t swap_slot;	/* swapped-arguments: the argument to swap
				   `slot` with (the front end swaps their
				   text when both are spelled directly);
				   FS_WHOLE_SITE for every other finding */
	int at_use;		/* the finding is about the value where it
				   is used (a call missing its mode), not
				   where the term is written: a term
				   reached through a variable is pointed at
				   where it is passed, with a note where it
				   is written */
	const char *fails_with;	/* the finding says the kernel rejects the
				   call: the errno it fails with ("EINVAL",
				   "EOPNOTSUPP"); NULL: it does not */
	int harms_on_success;	/* what the finding describes happens only
				   when the call succeeds (a file created
				   with mode 0) */
	fs_consequence consequence;	/* what it does at run time: the
					   worst class of what the engine
					   says of it (`says`) */
	unsigned says;		/* what the engine says of it, bits (1u <<
				   fs_says, the engine's consequence.h): the
				   errno it fails with, bits that are
				   ignored, a test always true... */
	int fix_whole;		/* `fix` replaces the whole value as
				   written (the bit test, or the comparison
				   it is an operand of), not the term */
} fs_finding;

typedef struct fs_findings {
	fs_finding *items;
	size_t count;
	size_t capacity;
} fs_findings;

/* Append what is wrong with a call or a struct write to `out`. When the
 * code asserts that the call fails (its outcome, see outcome.h), the
 * findings that explain that failure are left out: those saying the call
 * fails with the asserted errno (or with any, when the assertion names
 * none), and those whose harm needs the call to succeed.
 * Return 0, or -1 when out of memory. Slots of a raw syscall() call are the
 * positions in the syscall() call itself (the number is slot 0). */
int fs_check_call(const fs_rules *rules, const fs_call *call,
		  fs_findings *out);
int fs_check_record(const fs_rules *rules, const fs_record *record,
		    fs_findings *out);

/* One inner call that a wrapper's parameter reaches: the call as the
 * wrapper makes it, the caller's value standing in for the parameter;
 * `arg` is the argument the parameter reaches, and outer[i] the index in
 * the caller's value of the term that term i of that argument stands for
 * (FS_WHOLE_VALUE for a term the wrapper adds itself). `written`: that
 * argument as the wrapper writes it, its parameter a part not known
 * (`flags | MS_BIND`), or NULL. */
typedef struct fs_flow {
	fs_call call;
	size_t arg;
	const size_t *outer;	/* call.args[arg].nterms entries */
	const fs_value *written;
} fs_flow;

/* A call of a wrapper whose parameter reaches each of `flows`: appends the
 * findings of the first flow about the caller's terms that every flow
 * finds too (same check, same caller's term): a parameter given to both
 * open() and fstatat() holds no single namespace, so a flag wrong for one
 * of them is not reported. Their slot and term are the first flow's.
 * Where the parameter reaches one call whose `written` is given, a
 * finding about the argument that is no caller's term (a flag the
 * wrapper adds, which the caller's flag makes ignored; a truth value
 * passed on) and that the wrapper's call does not make with its
 * parameter not known is the caller's too: it is appended about the
 * whole argument (term FS_WHOLE_VALUE, no fix).
 * Returns 0, or -1 when out of memory. */
int fs_check_flows(const fs_rules *rules, const fs_flow *flows, size_t n,
		   fs_findings *out);

/* A deprecated spelling found anywhere in user code. Returns 1 and appends
 * one finding (slot and term 0) when `name` is deprecated, else 0. */
int fs_check_spelling(const fs_rules *rules, const char *name,
		      fs_findings *out);
/* How the macro a spelling expands is defined, as written. */
typedef struct fs_macro_def {
	int in_user_code;	/* defined outside system headers */
	int is_function_like;
	int has_string;		/* its body holds a string literal */
} fs_macro_def;

/* Where a spelling is written, as the front end sees it (fs_spelling's
 * `written`). */
enum {
	FS_SPELLED_IN_CONDITION = 1u << 0, /* in an #if or #elif condition */
	FS_SPELLED_STRINGIZED = 1u << 1,   /* the macro call it is an argument
					      of also makes its string
					      (FLAG(MS_X) of `{x, #x}`) */
	FS_SPELLED_NAMED_ON_LINE = 1u << 2, /* its line also holds the string
					       "MS_X" ({MS_X, "MS_X"}) */
	FS_SPELLED_STRINGIZED_BESIDE = 1u << 3, /* the name is stringized on
						   the line before or after:
						   a row of a table of names
						   over several lines
						   (strace's XLAT_VAL_4 above
						   XLAT_STR_4) */
	FS_SPELLED_IN_ASSERTION = 1u << 4, /* in a static assertion
					      (static_assert(LOCK_MAND == 32,
					      ...)): like #if, it asks what
					      the platform defines */
	FS_SPELLED_COMPARED = 1u << 5,	/* an operand of == or !=: the code
					   tests what it was given (strace's
					   `(flags & MS_MGC_MSK) ==
					   MS_MGC_VAL`) */
};

/* A deprecated spelling where it is expanded, as the front end sees it. */
typedef struct fs_spelling {
	const char *name;
	const char *target;	/* as in fs_call: the values that decide what
				   the spelling does are those of its
				   architecture */
	int is_cleared;		/* written under ~ (`~MS_MANDLOCK`): the code
				   clears the flag rather than asks for it */
	unsigned written;	/* FS_SPELLED_* */
	const fs_macro_def *definition;	/* the macro it expands; NULL:
					   not known */
} fs_spelling;

/* fs_check_spelling of a spelling where it is expanded. A name the code
 * mentions rather than uses is left alone (returns 0): in #if, it asks what
 * the platform defines and the preferred spelling would change the
 * question; stringized or beside its own name as a string, it names the
 * flag (a table that prints it) and another name would print another
 * word; and a user's macro of that name that cannot be the flag
 * (fs_macro_can_be_flag) is something else. */
int fs_check_spelling_at(const fs_rules *rules, const fs_spelling *use,
			 fs_findings *out);

/* Whether a macro so defined can be the flag its name spells: a user's
 * macro of that name that makes a string or takes arguments (mdadm's
 * `#define MAP_FILE "map"`, its map file's name) is another thing; a
 * user's fallback definition of the value (`#define O_CLOEXEC 02000000`)
 * is the flag. */
int fs_macro_can_be_flag(const fs_macro_def *def);

/* A call's result tested with `result & mask`: appends what is wrong with
 * the terms of `mask` given what the result holds (`result` rules): flags
 * the result cannot hold (wrong namespace), not flags a call would reject
 * in an argument. The findings' slot is 0 and their terms index mask's.
 * Returns 0, or -1 when out of memory. */
int fs_check_result(const fs_rules *rules, const fs_call *call,
		    const fs_value *mask, fs_findings *out);

/* A bit test written anywhere in the code: `a & b`, or `a &= b`
 * (is_assign). */
typedef struct fs_bit_test {
	fs_value value;		/* the whole expression, its root the &; for
				   `a &= b`, `a` may be one unknown leaf */
	const char *operands[2];	/* a and b as written, for messages;
					   NULL when not known */
	int is_assign;
	const char *target;	/* as in fs_call */
	fs_cmp compare;		/* FS_CMP_EQ or FS_CMP_NE when the & is an
				   operand of == or != (`(mode & S_IFSOCK)
				   == S_IFSOCK`), with `compared` the other
				   operand; FS_CMP_NONE otherwise */
	fs_value compared;
	const char *compare_text;	/* the comparison as written, for
					   messages; NULL when not known */
	/* What the tested operand holds, where the code says so: one value
	 * of a field whose other values have none of its bits (`flags &
	 * O_WRONLY` is false for O_RDWR) is reported only where the operand
	 * provably holds that field's namespace. */
	const fs_call *holder;	/* a call the operand is given to as
				   argument `holder_arg` (`open(p, flags)`),
				   or whose result it is (holder_arg ==
				   FS_WHOLE_VALUE: `fcntl(fd, F_GETFL)`);
				   NULL: none known */
	size_t holder_arg;
	const char *holder_record;	/* or the field it is read from
					   (`how->flags`): struct tag and
					   field name; NULL: none */
	const char *holder_field;
	const char *const *tested_with;	/* the flags the same operand is
					   tested against elsewhere in its
					   function (`flags & O_RDWR` beside
					   `flags & O_WRONLY`) */
	size_t ntested_with;
	int fixable;		/* the test is read as true or false (a
				   condition, an operand of !, && or ||, or
				   compared with 0 or the flag) and the tested
				   operand is a primary expression: a rewrite
				   of the whole test is certain */
} fs_bit_test;

/* Appends what is wrong with a bit test of a value against one named flag
 * (flagspace-value-bit-test): a flag whose value is 0 on every
 * architecture (`flags & O_RDONLY` is always 0), or one value of an
 * enumeration or of a field (`mask=`) that shares bits with another value
 * of it (`mode & S_IFDIR` is also true for S_IFBLK). A test compared with
 * 0 is read as the & alone; compared with the flag itself (`(mode &
 * S_IFDIR) == S_IFDIR`) it holds for the values that have all the flag's
 * bits (S_IFBLK, S_IFSOCK; for S_IFSOCK none: that test works); compared
 * with anything else, nothing is said. Findings have slot 0 and the
 * flag's term. Nothing is said of a test whose other side is a constant,
 * nor of a mask made of several terms. Returns 0, or -1 when out of
 * memory. */
int fs_check_bit_test(const fs_rules *rules, const fs_bit_test *test,
		      fs_findings *out);

/* A call whose argument `arg` holds the result of the call `inner`
 * (`fcntl(fd, F_SETFD, fcntl(fd, F_GETFL) | FD_CLOEXEC)`, also through a
 * variable the result was stored in): appends a finding, at `arg` as a
 * whole, when what the result holds (`result` rules) is of no namespace
 * the argument takes: the bits written back mean something else there.
 * Returns 0, or -1 when out of memory. */
int fs_check_result_into(const fs_rules *rules, const fs_call *outer,
			 size_t arg, const fs_call *inner, fs_findings *out);

void fs_findings_clear(fs_findings *findings);	/* keeps the capacity */
void fs_findings_free(fs_findings *findings);
/* Whether how the code tests the call's outcome (fs_call.outcome) can
 * change these findings of it: some finding predicts that the call fails,
 * or needs it to succeed. When not, the front end need not look for the
 * tests. */
int fs_findings_outcome_matters(const fs_findings *findings);

/* ---- findings kept across checks of the same facts ------------------ */

/* The findings are a function of the rules and the facts: a memo keeps
 * those of fs_check_call by its facts (every field, the rules' address
 * included), so facts seen before are not checked again. An editor checks
 * every call of a file again on each edit, and most calls did not change.
 * A memo is not thread-safe (keep one per thread), and must not outlive
 * the rules it was used with (fs_memo_clear first). It holds at most
 * max_entries facts and is emptied when full. */
typedef struct fs_memo fs_memo;
fs_memo *fs_memo_new(size_t max_entries);	/* NULL: out of memory */
void fs_memo_clear(fs_memo *memo);
void fs_memo_free(fs_memo *memo);
/* How many checks the memo answered. */
size_t fs_memo_hits(const fs_memo *memo);
/* fs_check_call through `memo` (NULL: fs_check_call itself): the same
 * findings, appended to `out`, and the same result. */
int fs_check_call_memo(fs_memo *memo, const fs_rules *rules,
		       const fs_call *call, fs_findings *out);

#ifdef __cplusplus
}
#endif

/* The queries for the command line. */
#include "flagspace_query.h"

#endif
