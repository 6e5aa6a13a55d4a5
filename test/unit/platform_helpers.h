/* platform_helpers.h: shared by the unit tests of the checks that depend on
 * the C library and the kernel (test_portability, test_fallback,
 * test_mode_string): the built-in rules, and a call checked on the systems a
 * glibc and a minimum kernel describe. */
#ifndef FS_PLATFORM_HELPERS_H
#define FS_PLATFORM_HELPERS_H

#include "unit_helpers.h"

#define V(x, y, z) FS_VERSION_OF(x, y, z)
#define NOFOLLOW "fchmodat(AT_FDCWD, p, 0644, AT_SYMLINK_NOFOLLOW)"

/* The built-in rules, loaded by setup_platform_rules (the group setup;
 * free_state_rules is its teardown). */
extern fs_rules *platform_rules;
int setup_platform_rules(void **state);

/* The findings of `call` (check_call_platform_text) with glibc `glibc` and
 * Linux `kernel` (0: not known / not set), and the outcome `outcome` (NULL:
 * none). */
const char *with_outcome(uint32_t glibc, uint32_t kernel, const char *call,
			 const fs_outcome *outcome);
/* The same without an outcome. */
const char *with(uint32_t glibc, uint32_t kernel, const char *call);

/* Rules text that must fail to load, and the whole log it must leave. */
typedef struct load_error_case {
	const char *text, *log;
} load_error_case;
/* Loads each case's text into new rules from make() (builtin_rules,
 * fs_rules_new) and checks that it fails with that log. */
void check_load_errors(const load_error_case *cases, size_t n,
		       fs_rules *(*make)(void));

#endif
