/* audit_config.h: when two compile commands of one file are one
 * configuration (audit_config.c): the database drops repeats of one, the
 * plan runs one of those that read the same. */
#ifndef FS_AUDIT_CONFIG_H
#define FS_AUDIT_CONFIG_H

#include <stddef.h>

#include "audit.h"

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

#endif
