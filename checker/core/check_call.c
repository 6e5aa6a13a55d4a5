/* check_call.c: skeleton. */
#include "flagspace.h"

int fs_check_call(const fs_rules *rules, const fs_call *call, fs_findings *out)
{
	(void)rules; (void)call; (void)out;
	return 0;
}
