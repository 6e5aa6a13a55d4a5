/* share_tools.c: the clang and clang-scan-deps of clang-tidy's LLVM. A
 * PCH is read only by the clang that wrote it, so it is built by the clang
 * of the runner's major, found beside its clang-tidy as Debian installs
 * them: /usr/lib/llvm-N/bin/{clang-tidy,clang,clang-scan-deps}, or
 * /usr/bin/{clang-tidy-N,clang-N,clang-scan-deps-N}. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shared_headers.h"

/* dir/<name><suffix> into out when it is a program. */
static int beside(const char *dir, const char *name, const char *suffix,
		  char *out, size_t size)
{
	int n = snprintf(out, size, "%s/%s%s", dir, name, suffix);

	return n > 0 && (size_t)n < size && !access(out, X_OK);
}

int share_tools_find(const char *clang_tidy, share_tools *t)
{
	char real[PATH_MAX], dir[PATH_MAX];
	const char *base, *suffix;

	if (!clang_tidy || !realpath(clang_tidy, real))
		return -1;
	base = strrchr(real, '/');
	if (!base)
		return -1;
	snprintf(dir, sizeof(dir), "%.*s", (int)(base - real), real);
	base++;
	if (strncmp(base, "clang-tidy", 10))
		return -1;
	/* "clang-tidy" or "clang-tidy-19": the same suffix for the others */
	suffix = base + 10;
	return beside(dir, "clang", suffix, t->clang, sizeof(t->clang)) &&
			       beside(dir, "clang-scan-deps", suffix,
				      t->scan_deps, sizeof(t->scan_deps))
		       ? 0
		       : -1;
}
