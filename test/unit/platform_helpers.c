/* platform_helpers.c: the fixture of flagspace-portability's unit tests. */
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
