/* platform_helpers.c: the fixture of the unit tests of the checks that
 * depend on the C library and the kernel (platform_helpers.h). */
#include "platform_helpers.h"

fs_rules *platform_rules;

int setup_platform_rules(void **state)
{
	platform_rules = builtin_rules();
	*state = platform_rules;
	return 0;
}

const char *with_outcome(uint32_t glibc, uint32_t kernel, const char *call,
			 const fs_outcome *outcome)
{
	fs_platform p = { glibc, kernel };

	return check_call_platform_text(platform_rules, &p, call, outcome);
}

const char *with(uint32_t glibc, uint32_t kernel, const char *call)
{
	return with_outcome(glibc, kernel, call, NULL);
}

void check_load_errors(const load_error_case *cases, size_t n,
		       fs_rules *(*make)(void))
{
	for (size_t i = 0; i < n; i++) {
		fs_rules *r = make();
		diag_log log = { "", 0, 0 };

		assert_int_equal(load_text(r, cases[i].text, &log), -1);
		assert_string_equal(log.text, cases[i].log);
		fs_rules_free(r);
	}
}
