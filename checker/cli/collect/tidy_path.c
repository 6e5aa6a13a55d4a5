/* tidy_path.c: a path of clang-tidy's YAML back to the file it names
 * (tidy_path.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tidy_path.h"
#include "utf8.h"

static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

int tidy_path_is_cut_of(const char *cut, const char *path)
{
	size_t k = utf8_valid_prefix(path);

	return path[k] && !strncmp(cut, path, k) &&
	       !strcmp(cut + k, replacement);
}

/* The paths that match so far: one kept, how many distinct ones seen. */
typedef struct match {
	char *path;
	int count;
} match;

static void consider(match *m, const char *cut, const char *path)
{
	if (!tidy_path_is_cut_of(cut, path) ||
	    (m->path && !strcmp(m->path, path)))
		return;
	m->count++;
	if (!m->path)
		m->path = strdup(path);
}

static void from_units(match *m, const audit *a, const char *cut)
{
	for (size_t i = 0; i < a->tus.count; i++) {
		const audit_tu *tu = &a->tus.items[i];

		consider(m, cut, tu->file);
		for (size_t k = 0; k < tu->headers.count; k++)
			consider(m, cut, tu->headers.items[k]);
	}
}

/* The files of the folder the cut's last name is in. */
static void from_folder(match *m, const char *cut)
{
	const char *slash = strrchr(cut, '/');
	char dir[4096], path[8192];
	struct dirent *e;
	DIR *d;

	if (!slash || (size_t)(slash - cut) >= sizeof(dir))
		return;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - cut), cut);
	if (!(d = opendir(dir[0] ? dir : "/")))
		return;
	while ((e = readdir(d))) {
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		consider(m, cut, path);
	}
	closedir(d);
}

char *tidy_path_recover(const audit *a, const char *cut)
{
	size_t n = strlen(cut), k = sizeof(replacement) - 1;
	match m = { NULL, 0 };
	struct stat st;

	if (n < k || strcmp(cut + n - k, replacement) || !stat(cut, &st))
		return NULL;
	from_units(&m, a, cut);
	if (!m.count)
		from_folder(&m, cut);
	if (m.count != 1) {
		free(m.path);
		return NULL;
	}
	return m.path;
}
