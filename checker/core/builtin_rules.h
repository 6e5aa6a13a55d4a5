/* builtin_rules.h: the rules files compiled into flagspace_core. */
#ifndef FS_BUILTIN_RULES_H
#define FS_BUILTIN_RULES_H

#include <stddef.h>

/* One rules/NAME.rules file. The reader uses `size`, so an embedded NUL is
 * read like any other byte (and reported). */
struct fs_builtin_file {
	const char *name;	/* "rules/o.rules" */
	const char *text;
	size_t size;
};

/* Generated at build time by embed_rules.cmake, in file name order. */
extern const struct fs_builtin_file fs_builtin_files[];
extern const size_t fs_builtin_file_count;

#endif
