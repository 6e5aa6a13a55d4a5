/* unit_helpers.h: shared fixtures of the core unit tests: collecting rules
 * diagnostics, and describing call sites in a compact text form. */
#ifndef FS_UNIT_HELPERS_H
#define FS_UNIT_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "flagspace.h"

/* Every diagnostic reported while loading, one "where: severity: message"
 * line each. */
typedef struct diag_log {
	char text[16384];
	size_t errors;
	size_t warnings;
} diag_log;

void log_report(void *ctx, fs_severity severity, const char *where,
		const char *message);

/* The group teardown of tests whose setup stores its rules in *state. */
int free_state_rules(void **state);

/* The built-in rules, which must load. */
fs_rules *builtin_rules(void);
/* Rules from text that must load without any diagnostic. */
fs_rules *rules_from(const char *text);
/* Adds text to rules; it must load without any diagnostic. */
void add_clean_rules(fs_rules *rules, const char *text);
/* Loads text into rules as "t.rules"; returns the loader's result. */
int load_text(fs_rules *rules, const char *text, diag_log *log);

/* The value that is the | of its terms and, with unknown, of a part that
 * is not a constant: its tree is written into nodes (room for nterms + 1
 * operands and the | between them). */
fs_value or_value(const fs_term *terms, size_t nterms, int unknown,
		  fs_node *nodes);
/* The value of one term. */
fs_value term_value(const fs_term *term);

/* The rules most check tests use: a slice of the real ones with the
 * x86-64 values of MESSAGES-flagspace.md's examples. */
extern const char *const sample_rules;

/* Runs fs_check_call on a call written as text:
 *   open(path, AT_SYMLINK_NOFOLLOW|O_RDONLY)
 * Each argument is empty, "a string literal", or terms joined by '|'; a
 * lower-case word is a
 * part that is not a constant (a variable). A term is a number, or a macro NAME (value from the rules)
 * or NAME=VALUE (value from the compiler), prefixed by any of '~'
 * (negated), '?' (conditional), '!' (not fixable: spelled in a macro).
 * Returns the findings as text, one line each:
 *   <check> <slot>:<term> <message>[ => <fix>]
 * with '*' for FS_WHOLE_VALUE / FS_WHOLE_SITE. */
const char *check_call_text(const fs_rules *rules, const char *call);
/* A retry (fs_retry) written as a call: "fchmodat(AT_FDCWD, p, 0644, 0)",
 * or "syscall(SYS_openat, d, p, O_RDONLY)" (its number: the first argument),
 * whose test names the errnos `errnos` (joined by ',', "" for none). It
 * points into storage `slot` (0 to 3), good until the next retry_of() of
 * that slot. */
fs_retry retry_of(size_t slot, const char *call, const char *errnos);
/* The same for a call of `callee` whose arguments are given as values
 * (trees the text form cannot write). */
const char *check_call_values_text(const fs_rules *rules, const char *callee,
				   const fs_value *args, size_t nargs);
/* The same for a translation unit whose target triple is `target`. */
const char *check_call_text_on(const fs_rules *rules, const char *target,
			       const char *call);
/* fs_check_call_memo (memo NULL: fs_check_call) on a call written as for
 * check_call_text, with the outcome given (NULL: none), and every field of
 * each finding:
 *   <check> <slot>:<term> swap=<slot> use=<at_use> fails=<errno or ->
 *   harms=<harms_on_success> <consequence> <message>[ => <fix>] */
const char *check_call_memo_text(fs_memo *memo, const fs_rules *rules,
				 const char *target, const char *call,
				 const fs_outcome *outcome);
/* The same, without a memo or a target, on the systems `platform`
 * describes (fs_call.platform). */
const char *check_call_platform_text(const fs_rules *rules,
				     const fs_platform *platform,
				     const char *call,
				     const fs_outcome *outcome);
/* The same for struct writes:
 *   open_how{flags=O_CREAT, mode=0}   an initializer
 *   open_how.flags=AT_EMPTY_PATH      an assignment (|= is compound) */
const char *check_record_text(const fs_rules *rules, const char *record);
/* The same, the struct given to `call` as its argument `arg`
 * (fs_record.given_to): "openat2(d, \"/tmp/x\", how, 24)", 2. */
const char *check_record_given_text(const fs_rules *rules, const char *record,
				    const char *call, size_t arg);
/* The consequences of the findings the last of these helpers (or
 * note_consequences) formatted, in order, separated by spaces
 * ("fails same-value"); each finding must say what it does (its `says`
 * is not 0) and its class must be the table's for that. */
const char *last_consequences(void);
void note_consequences(const fs_findings *f);
/* fs_check_spelling, with its return value first: "1 <finding>". */
const char *check_spelling_text(const fs_rules *rules, const char *name);
/* fs_put_decode of value with the accepted set of the first rule of
 * function `func`: "means O_RDONLY". */
const char *decode_text(const fs_rules *rules, const char *func,
			int64_t value);

/* A compile command's words: `command` copied into buf and split at
 * spaces (at most 15 words); *n their count. Free the array. */
char **split_words(const char *command, size_t *n, char *buf, size_t size);

#endif
