/* check_record.c: skeleton. */
#include "flagspace.h"

int fs_check_record(const fs_rules *rules, const fs_record *record, fs_findings *out)
{
	(void)rules; (void)record; (void)out;
	return 0;
}
