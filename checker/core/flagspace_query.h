/* flagspace_query.h: the engine's queries for the command line (explain,
 * decode, what a name can be to a finding), part of flagspace.h's API. */
#ifndef FLAGSPACE_QUERY_H
#define FLAGSPACE_QUERY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fs_rules fs_rules;	/* flagspace.h */

/* What a query found. */
typedef enum fs_query_status {
	FS_QUERY_OK,
	FS_QUERY_UNKNOWN_NAME,	/* no such flag, or no such function/record */
	FS_QUERY_UNKNOWN_PARAM,	/* the function has no rule for that argument */
	FS_QUERY_NOMEM,
} fs_query_status;

/* Describes flag macro `name` as text for people, one fact a line: its
 * namespace and x86-64 value, the calls and fields that accept it, what its
 * bits mean in the flags it is commonly confused with, whether it is
 * deprecated and what to write instead. On FS_QUERY_OK *text is malloc'd
 * (free it). Names used only as when= conditions are not explained. */
fs_query_status fs_query_explain(const fs_rules *rules, const char *name,
				 char **text);

/* Reads `value` the way argument `param` of `function` (or field `param` of
 * struct `function`) reads it: "O_WRONLY | O_CREAT | O_TRUNC", with bits no
 * member names as "unknown 0x8". `param` is the parameter name or its
 * position (decimal, from 0). An argument with several rules (fcntl's arg,
 * one per command) gives one line per rule, "when cmd is F_SETFD: ...".
 * On FS_QUERY_OK *text is the reading; on FS_QUERY_UNKNOWN_PARAM it lists
 * the known arguments ("flags(1), mode(2)"); both are malloc'd. */
fs_query_status fs_query_decode(const fs_rules *rules, const char *function,
				const char *param, int64_t value,
				char **text);

/* What a name can be to a finding, for a tool that reads source text
 * rather than an AST (the command line's prefilter). Every finding needs,
 * written at its site or made there by macros, a name of role
 * FS_ROLE_FLAG (a namespace member or a deprecated spelling), or is about
 * a record of role FS_ROLE_RECORD (one with a needs-mode rule, which
 * reports what an initializer leaves out), or is
 * flagspace-unnamed-number's at a call of a function of role FS_ROLE_CALL
 * (one with an argument that takes flags or values, where a plain number
 * or a bool can be wrong; "syscall" too), or flagspace-portability's at a
 * call a `since` rule is about (role FS_ROLE_CALL too, and its SYS_x and
 * __NR_x: openat2() when the minimum kernel is older than 5.6). Numbers,
 * when= names (F_SETFD, SYS_open) and other function names alone never
 * make a finding; a unit test holds the checks to this. */
typedef enum fs_name_role {
	FS_ROLE_NONE,
	FS_ROLE_FLAG,
	FS_ROLE_RECORD,
	FS_ROLE_CALL,
} fs_name_role;

fs_name_role fs_rules_name_role(const fs_rules *rules, const char *name);
/* Whether `name` is a function a `layout` struct is passed to (openat2,
 * mount_setattr, clone3...) or its syscall number (SYS_x, __NR_x), in any
 * profile: a call of it can give a struct of the unit's own the field
 * rules of the kernel struct it copies, and so make findings of writes
 * elsewhere that name flags. A tool that reads a unit piece by piece (the
 * runner's bodies) must keep the call. */
int fs_rules_passes_layout(const fs_rules *rules, const char *name);
/* The names of roles FS_ROLE_FLAG and FS_ROLE_RECORD, i = 0, 1, ... (in
 * no order, some twice), and NULL past the last: what a macro's ## may
 * make. Function names (FS_ROLE_CALL) are not listed: a call is of a
 * function named as written, and a raw syscall() names "syscall". */
const char *fs_rules_role_name(const fs_rules *rules, size_t i);

#ifdef __cplusplus
}
#endif

#endif
