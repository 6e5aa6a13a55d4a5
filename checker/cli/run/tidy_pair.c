/* tidy_pair.c: finds the clang-tidy/plugin pairs of each LLVM major beside
 * the command, and chooses the one audit runs. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/spawn.h"
#include "cli.h"
#include "tidy_pair.h"

/* The folder of the running binary, resolved. Returns 0, or -1. */
static int exe_dir(char *out, size_t size)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return -1;
	*slash = '\0';
	return snprintf(out, size, "%s", exe[0] ? exe : "/") < (int)size
		       ? 0 : -1;
}

static int same_dir(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

int tidy_plugin_dir(char *dir, size_t size)
{
	char here[PATH_MAX];

	if (exe_dir(here, sizeof(here))) {
		snprintf(dir, size, "%s", FS_CLI_PLUGIN_DIR_ABS);
		return 0;
	}
	if (FS_CLI_PLUGIN_BUILD[0] && same_dir(here, FS_CLI_BUILD_BINDIR)) {
		const char *slash = strrchr(FS_CLI_PLUGIN_BUILD, '/');

		snprintf(dir, size, "%.*s", (int)(slash - FS_CLI_PLUGIN_BUILD),
			 FS_CLI_PLUGIN_BUILD);
		return 1;
	}
	snprintf(here + strlen(here), sizeof(here) - strlen(here), "/%s",
		 FS_CLI_BIN_TO_PLUGINDIR);
	/* bin/../lib/flagspace reads better resolved, when it exists. */
	if (!realpath(here, dir) || strlen(dir) >= size)
		snprintf(dir, size, "%s", here);
	return 0;
}

/* The clang-tidy of `major`: Debian's folder, clang-tidy-N on $PATH, or
 * the one this build was configured with. Returns 0, or -1. */
static int find_clang_tidy(unsigned major, char *out, size_t size)
{
	const char *path = getenv("PATH");

	snprintf(out, size, "/usr/lib/llvm-%u/bin/clang-tidy", major);
	if (!access(out, X_OK))
		return 0;
	while (path && *path) {
		size_t n = strcspn(path, ":");

		snprintf(out, size, "%.*s/clang-tidy-%u", (int)n, path, major);
		if (n && !access(out, X_OK))
			return 0;
		path += n + (path[n] == ':');
	}
	if ((unsigned)atoi(FS_CLI_LLVM_MAJOR) == major &&
	    !access(FS_CLI_CLANG_TIDY, X_OK)) {
		snprintf(out, size, "%s", FS_CLI_CLANG_TIDY);
		return 0;
	}
	out[0] = '\0';
	return -1;
}

/* flagspace-runner-`major`: the build tree's (`build`), else the one
 * beside the running binary, where the packages install it; "" when there
 * is none. */
static void find_runner(unsigned major, int build, char *out, size_t size)
{
	char here[PATH_MAX];

	out[0] = '\0';
	if (build) {
		if (FS_CLI_RUNNER_BUILD[0] && !access(FS_CLI_RUNNER_BUILD, X_OK))
			snprintf(out, size, "%s", FS_CLI_RUNNER_BUILD);
		return;
	}
	if (exe_dir(here, sizeof(here)))
		return;
	if (snprintf(out, size, "%s/flagspace-runner-%u", here, major) >=
	    (int)size || access(out, X_OK))
		out[0] = '\0';
}

/* N of a file named flagspace-tidy-N.so, else 0. */
static unsigned plugin_major(const char *name)
{
	const char *base = strrchr(name, '/');
	unsigned major;
	int end = 0;

	base = base ? base + 1 : name;
	if (sscanf(base, "flagspace-tidy-%u.so%n", &major, &end) != 1 ||
	    base[end] || !(base[15] >= '0' && base[15] <= '9'))
		return 0;
	return major;
}

static int newest_first(const void *x, const void *y)
{
	const tidy_pair *a = x, *b = y;

	return (a->major < b->major) - (a->major > b->major);
}

size_t tidy_pairs_find(tidy_pair *out, size_t max)
{
	char dir[PATH_MAX];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	if (tidy_plugin_dir(dir, sizeof(dir))) {
		/* The build tree: its own plugin and clang-tidy, nothing
		 * else. */
		out[0].major = (unsigned)atoi(FS_CLI_LLVM_MAJOR);
		snprintf(out[0].clang_tidy, PATH_MAX, "%s", FS_CLI_CLANG_TIDY);
		snprintf(out[0].plugin, PATH_MAX, "%s", FS_CLI_PLUGIN_BUILD);
		find_runner(out[0].major, 1, out[0].runner, PATH_MAX);
		return max && !access(FS_CLI_PLUGIN_BUILD, R_OK);
	}
	if (!(d = opendir(dir)))
		return 0;
	while (n < max && (e = readdir(d))) {
		unsigned major = plugin_major(e->d_name);
		size_t len = strlen(dir), name = strlen(e->d_name);

		if (!major || len + name + 2 > PATH_MAX)
			continue;
		out[n].major = major;
		memcpy(out[n].plugin, dir, len);
		out[n].plugin[len] = '/';
		memcpy(out[n].plugin + len + 1, e->d_name, name + 1);
		find_clang_tidy(major, out[n].clang_tidy, PATH_MAX);
		find_runner(major, 0, out[n].runner, PATH_MAX);
		n++;
	}
	closedir(d);
	qsort(out, n, sizeof(*out), newest_first);
	return n;
}

/* --version answers at once: one that hangs does not hold the command. */
enum { VERSION_TIMEOUT_S = 60 };

unsigned tidy_major_of(const char *clang_tidy)
{
	const char *argv[] = { clang_tidy, "--version", NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, NULL, NULL },
			 { FS_SPAWN_NULL, NULL, NULL, NULL },
			 VERSION_TIMEOUT_S };
	fs_spawn_result r;
	const char *v = NULL, *c = NULL;
	unsigned major = 0;

	if (!fs_spawn_run(&how, &r) && ((v = strstr(r.out, "LLVM version ")) ||
					(c = strstr(r.out, "clang version "))))
		major = (unsigned)atoi(v ? v + 13 : c + 14);
	fs_spawn_result_free(&r);
	return major;
}

int tidy_has_no_default_config(const char *program)
{
	return tidy_major_of(program) >= 16;
}

/* The newest pair with a clang-tidy, or NULL. */
static const tidy_pair *newest_pair(const tidy_pair *pairs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pairs[i].clang_tidy[0])
			return &pairs[i];
	return NULL;
}

static int no_plugin(unsigned major, const char *tidy)
{
	char dir[PATH_MAX];

	tidy_plugin_dir(dir, sizeof(dir));
	if (major)
		return cli_error("no flagspace plugin for LLVM %u (the major "
				 "of clang-tidy '%s') in '%s'; give one with "
				 "--plugin or FLAGSPACE_PLUGIN", major, tidy,
				 dir);
	return cli_error("no flagspace plugin with a clang-tidy of its LLVM "
			 "major in '%s' (flagspace-tidy-N.so beside "
			 "clang-tidy-N); give one with --plugin or "
			 "FLAGSPACE_PLUGIN, and --clang-tidy", dir);
}

int tidy_pair_choose(const char **clang_tidy, const char **plugin,
		     tidy_pair *store)
{
	tidy_pair pairs[TIDY_MAX_PAIRS];
	size_t n = tidy_pairs_find(pairs, TIDY_MAX_PAIRS);
	const tidy_pair *p;
	unsigned major = 0;

	if (*clang_tidy && access(*clang_tidy, X_OK))
		return cli_error("cannot run clang-tidy '%s': %s",
				 *clang_tidy, cli_strerror(errno));
	if (*clang_tidy && *plugin)
		return CLI_OK;
	if (*clang_tidy) {
		/* A wrapper script may not say its major: the newest plugin
		 * then, which stops with a clear message in a clang-tidy of
		 * another major (audit_check_tidy). */
		if (!(major = tidy_major_of(*clang_tidy)) && n) {
			*store = pairs[0];
			*plugin = store->plugin;
			return CLI_OK;
		}
		for (size_t i = 0; i < n; i++)
			if (pairs[i].major == major) {
				*store = pairs[i];
				*plugin = store->plugin;
				return CLI_OK;
			}
		return no_plugin(major, *clang_tidy);
	}
	if (*plugin) {
		/* A plugin named for its major runs with that major. */
		if (!(major = plugin_major(*plugin))) {
			*clang_tidy = FS_CLI_CLANG_TIDY;
			return CLI_OK;
		}
		if (find_clang_tidy(major, store->clang_tidy, PATH_MAX))
			return cli_error("no clang-tidy of LLVM %u for the "
					 "plugin '%s' (neither /usr/lib/llvm-%u/"
					 "bin/clang-tidy nor clang-tidy-%u on "
					 "PATH); give one with --clang-tidy",
					 major, *plugin, major, major);
		*clang_tidy = store->clang_tidy;
		return CLI_OK;
	}
	if (!(p = newest_pair(pairs, n)))
		return no_plugin(0, "");
	*store = *p;
	*clang_tidy = store->clang_tidy;
	*plugin = store->plugin;
	return CLI_OK;
}

const char *tidy_runner_choose(const char *clang_tidy, const tidy_pair *store,
			       int named, int refused)
{
	if (named || refused)
		return NULL;
	if (store->runner[0])
		return store->runner;
	fprintf(stderr, "flagspace: no flagspace-runner-%u (clang-tidy with "
		"the checks built in, which parses only the function bodies "
		"that can hold a finding): running '%s' with the plugin, "
		"which parses every body\n", store->major, clang_tidy);
	return NULL;
}

void tidy_pairs_print(void)
{
	tidy_pair pairs[TIDY_MAX_PAIRS];
	size_t n = tidy_pairs_find(pairs, TIDY_MAX_PAIRS);
	const tidy_pair *used = newest_pair(pairs, n);
	const char *env = getenv("FLAGSPACE_PLUGIN");
	char dir[PATH_MAX];

	tidy_plugin_dir(dir, sizeof(dir));
	printf("plugins: %s\n", dir);
	for (size_t i = 0; i < n; i++) {
		if (pairs[i].clang_tidy[0])
			printf("LLVM %u: %s with %s%s%s%s\n", pairs[i].major,
			       pairs[i].clang_tidy, pairs[i].plugin,
			       pairs[i].runner[0] ? "; runner " : "",
			       pairs[i].runner,
			       &pairs[i] == used && !(env && *env)
				       ? " (audit uses this)" : "");
		else
			printf("LLVM %u: %s, no clang-tidy-%u found\n",
			       pairs[i].major, pairs[i].plugin, pairs[i].major);
	}
	if (env && *env)
		printf("FLAGSPACE_PLUGIN: %s (audit uses this)\n", env);
	else if (!used)
		printf("no plugin with its clang-tidy: audit needs --plugin "
		       "or FLAGSPACE_PLUGIN, and --clang-tidy\n");
}
