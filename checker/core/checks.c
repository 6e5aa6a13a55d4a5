/* checks.c: the user-facing names of the checks, from checks.def. */
#include "flagspace.h"

static const char *const check_names[] = {
#define FS_CHECK(id, name) [FS_CHECK_##id] = name,
#include "checks.def"
#undef FS_CHECK
};

const char *fs_check_name(fs_check check)
{
	if ((unsigned)check >= FS_CHECK_COUNT)
		return "flagspace-unknown";
	return check_names[check];
}
