/* command_filter.h: the one filter of compile commands. Every process
 * started for a unit (clang-tidy through its batch's database, the
 * cache's `clang -E -dD`, the prefilter's `clang -E -dM`) gets a command
 * the filter has seen: the database's commands come from the code
 * audited, and may ask clang to load code, read a config file or write
 * a file. */
#ifndef FS_COMMAND_FILTER_H
#define FS_COMMAND_FILTER_H

#include <stddef.h>

#include "compiler_flags.h"

/* Why the flag f is dropped from a unit's command when the database is
 * read ("loads code; --allow-plugins keeps it", "reads a config file",
 * "writes a file", "a gcc code generation flag clang rejects"), or NULL
 * when it is kept. */
const char *cflag_drop_why(const cflag *f, int allow_plugins);

/* The command a process started for a unit runs, from the unit's words
 * args[0..n) (the database's flags dropped already): `program` (NULL:
 * args[0]), --no-default-config when `no_default_config` (clang 16 and
 * later read a clang.cfg beside the compiler the database names, and
 * LLVM 14 does not know the flag), then every flag but the build's own
 * output (cflag_is_build_only). Fills out (room for n + 1 words, the
 * words not copied) and returns how many it wrote. */
size_t cflag_run_words(char *const *args, size_t n, const char *program,
		       int no_default_config, const char **out);

#endif
