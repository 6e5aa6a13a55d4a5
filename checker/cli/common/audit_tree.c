/* audit_tree.c: the audited tree (`audit --root`): the one folder whose
 * files an audit may write (fix-its) and read on behalf of the audited
 * code (response files, forced includes). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"

int audit_set_root(audit *a, const char *dir)
{
	char real[PATH_MAX];
	struct stat st;

	if (!realpath(dir, real) || stat(real, &st))
		return cli_error("--root: cannot use '%s': %s", dir,
				 cli_strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return cli_error("--root: '%s' is not a folder", dir);
	free(a->root);
	if (!(a->root = strdup(real)))
		return cli_error("out of memory");
	return CLI_OK;
}

const char *audit_tree_rel(const char *root, const char *real)
{
	size_t n = strlen(root);

	/* "/" is its own prefix: every file is under it. */
	if (n == 1 && root[0] == '/')
		return real[0] == '/' ? real + 1 : NULL;
	if (strncmp(real, root, n) || (real[n] != '\0' && real[n] != '/'))
		return NULL;
	return real + n + (real[n] == '/');
}

int audit_in_tree(const audit *a, const char *path)
{
	char real[PATH_MAX];

	if (!a->root || !path || !realpath(path, real))
		return 0;
	return audit_tree_rel(a->root, real) != NULL;
}
