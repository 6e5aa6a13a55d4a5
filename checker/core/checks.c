/* checks.c: the names and descriptions of the checks, from checks.def. */
#include "flagspace.h"

typedef struct check_text {
	const char *name;
	const char *summary;
	const char *description;
} check_text;

static const check_text checks[] = {
#define FS_CHECK(id, name, summary, description) \
	[FS_CHECK_##id] = { name, summary, description },
#include "checks.def"
#undef FS_CHECK
};

static const check_text unknown = { "flagspace-unknown", "", "" };

static const check_text *text_of(fs_check check)
{
	if ((unsigned)check >= FS_CHECK_COUNT)
		return &unknown;
	return &checks[check];
}

const char *fs_check_name(fs_check check)
{
	return text_of(check)->name;
}

const char *fs_check_summary(fs_check check)
{
	return text_of(check)->summary;
}

const char *fs_check_description(fs_check check)
{
	return text_of(check)->description;
}
