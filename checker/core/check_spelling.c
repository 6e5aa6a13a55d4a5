/* check_spelling.c: skeleton. */
#include "flagspace.h"

int fs_check_spelling(const fs_rules *rules, const char *name,
		      fs_findings *out)
{
	(void)rules; (void)name; (void)out;
	return 0;
}
