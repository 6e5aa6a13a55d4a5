/* audit_path.c: paths as every stage takes them: joined to a folder and
 * resolved, and whether one lies under another. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

/* dir/file, or file when absolute; resolved when it exists. */
char *audit_abs_path(const char *dir, const char *file)
{
	char joined[PATH_MAX * 2], real[PATH_MAX];

	if (file[0] == '/')
		snprintf(joined, sizeof(joined), "%s", file);
	else
		snprintf(joined, sizeof(joined), "%s/%s", dir, file);
	return strdup(realpath(joined, real) ? real : joined);
}

int audit_is_under(const char *file, const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	return !strncmp(file, path, n) && (file[n] == '\0' || file[n] == '/');
}
