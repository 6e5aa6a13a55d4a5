/* tidy_pair.h: which clang-tidy audit runs and which flagspace plugin it
 * loads: the pairs of one LLVM major found beside the command. */
#ifndef FS_TIDY_PAIR_H
#define FS_TIDY_PAIR_H

#include <limits.h>
#include <stddef.h>

/* A clang-tidy and the plugin built for its major, and the runner of that
 * major (flagspace-runner-N: clang-tidy with the checks built in, which
 * parses only the bodies that can hold a finding), "" when there is none. */
typedef struct tidy_pair {
	unsigned major;
	char clang_tidy[PATH_MAX];
	char plugin[PATH_MAX];
	char runner[PATH_MAX];
} tidy_pair;

/* The most majors looked at. */
enum { TIDY_MAX_PAIRS = 16 };

/* Where the command looks for plugins: the build tree's plugin folder when
 * the running binary is the build tree's, else the install's own
 * <bindir>/<relative path to libdir/flagspace>, found from the binary's
 * path (so a moved prefix works). Fills `dir`; returns 1 for the build
 * tree, 0 for an install. */
int tidy_plugin_dir(char *dir, size_t size);

/* Every pair found, newest major first: each flagspace-tidy-N.so of the
 * plugin folder whose major has a clang-tidy (/usr/lib/llvm-N/bin, then
 * clang-tidy-N on $PATH); in the build tree, the build's own pair. Returns
 * how many (at most max). */
size_t tidy_pairs_find(tidy_pair *out, size_t max);

/* The LLVM major of a clang-tidy or a clang, from its --version; 0 when
 * it cannot be run or says none. */
unsigned tidy_major_of(const char *clang_tidy);

/* Whether the clang-tidy or clang `program` takes --no-default-config
 * (LLVM 16 and later, which read a clang.cfg beside the compiler they
 * run as, unless told not to; LLVM 14 reads none). */
int tidy_has_no_default_config(const char *program);

/* Chooses what audit runs. *clang_tidy and *plugin are what the user gave
 * (--clang-tidy; --plugin, else $FLAGSPACE_PLUGIN), NULL when not: a
 * clang-tidy given gets the plugin of its major, nothing given the newest
 * pair. Points both at the choice (in `store`). Returns CLI_OK, or
 * CLI_FAIL after an error that names --plugin and FLAGSPACE_PLUGIN. */
int tidy_pair_choose(const char **clang_tidy, const char **plugin,
		     tidy_pair *store);

/* The runner audit runs in place of clang-tidy and the plugin chosen
 * (*clang_tidy and *plugin as tidy_pair_choose left them, `store` the pair
 * it filled): NULL when the user named either (--clang-tidy, --plugin,
 * $FLAGSPACE_PLUGIN: `named`), with --no-runner (`refused`), or when the
 * major has none, which is then said once on stderr. */
const char *tidy_runner_choose(const char *clang_tidy, const tidy_pair *store,
			       int named, int refused);

/* Prints --version's lines about the pairs: each one found, and which
 * audit would use. */
void tidy_pairs_print(void);

#endif
