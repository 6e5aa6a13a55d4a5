/* cache_key.c: the keys of the result cache: the tools' part, once per
 * audit, and each unit's (cache.h says what goes in). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/spawn.h"
#include "cache.h"
#include "cli.h"
#include "fileio.h"
#include "run.h"
#include "base/count_of.h"

/* --version answers at once: one that hangs does not hold the audit. */
enum { VERSION_TIMEOUT_S = 60 };

/* The environment that moves clang's include search, the plugin or what
 * the runner parses. */
static const char *const key_env[] = {
	"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH",
	"OBJCPLUS_INCLUDE_PATH", "FLAGSPACE_DEBUG_FACTS",
	"FLAGSPACE_RUNNER_PARSE_ALL",
};

/* A file's path and contents into s; -1 when it cannot be read. */
static int add_file(sha256 *s, const char *path)
{
	unsigned char d[SHA256_BYTES];

	if (sha256_file(path, d))
		return -1;
	sha256_add_str(s, path);
	sha256_add(s, d, sizeof(d));
	return 0;
}

/* A big file of the tools (clang-tidy, the plugin): its path and
 * contents' digest (memoised: cache_tools.c). */
static int add_tool(sha256 *s, const audit_cache *c, const char *path)
{
	char hex[SHA256_HEX];

	if (cache_tool_digest(c->dir, &c->secret, path, hex))
		return -1;
	sha256_add_str(s, path);
	sha256_add_str(s, hex);
	return 0;
}

/* clang-tidy's --version: the LLVM build its libraries come from. */
static int add_version(sha256 *s, const char *clang_tidy)
{
	const char *argv[] = { clang_tidy, "--version", NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, NULL, NULL },
			 { FS_SPAWN_STDOUT, NULL, NULL, NULL },
			 VERSION_TIMEOUT_S };
	fs_spawn_result r;
	int res = fs_spawn_run(&how, &r) || !fs_spawn_succeeded(&r) ? -1 : 0;

	if (!res)
		sha256_add(s, r.out, r.out_len);
	fs_spawn_result_free(&r);
	return res;
}

/* The checks library the plugin loads (PluginLoader.cpp), when it sits
 * beside it: flagspace-tidy-N.so -> flagspace-tidy-checks-N.so. */
static int add_checks_library(sha256 *s, const audit_cache *c,
			      const char *plugin)
{
	const char *base = strrchr(plugin, '/');
	char path[PATH_MAX];

	base = base ? base + 1 : plugin;
	if (strncmp(base, "flagspace-tidy-", 15))
		return 0;
	snprintf(path, sizeof(path), "%.*sflagspace-tidy-checks-%s",
		 (int)(base - plugin), plugin, base + 15);
	return access(path, R_OK) ? 0 : add_tool(s, c, path);
}

int cache_key_tools(const audit *a, unsigned char out[SHA256_BYTES])
{
	const cli_list *rules = a->opt.rules_files;
	const audit_cache *c = a->cache;
	sha256 s;

	sha256_init(&s);
	sha256_add_str(&s, "flagspace cache 1");
	sha256_add_str(&s, FS_VERSION);
	/* The runner has the checks built in; its results differ from
	 * clang-tidy's where a skipped body holds a compile error. */
	if (add_version(&s, audit_tool(a)) || add_tool(&s, c, audit_tool(a)))
		return cli_error("--cache: cannot read clang-tidy '%s'",
				 audit_tool(a));
	if (!a->opt.runner && (add_tool(&s, c, a->opt.plugin) ||
			       add_checks_library(&s, c, a->opt.plugin)))
		return cli_error("--cache: cannot read the plugin '%s': %s",
				 a->opt.plugin, cli_strerror(errno));
	sha256_add_str(&s, a->opt.header_filter);
	if (a->opt.min_kernel) {
		sha256_add_str(&s, "min-kernel");
		sha256_add_str(&s, a->opt.min_kernel);
	}
	for (size_t i = 0; rules && i < rules->count; i++)
		if (add_file(&s, rules->items[i]))
			return cli_error("--cache: cannot read rules file "
					 "'%s': %s", rules->items[i],
					 cli_strerror(errno));
	sha256_add_str(&s, "env");
	for (size_t i = 0; i < FS_COUNT_OF(key_env); i++) {
		const char *v = getenv(key_env[i]);

		sha256_add_str(&s, v ? key_env[i] : "");
		sha256_add_str(&s, v ? v : "");
	}
	sha256_end(&s, out);
	return CLI_OK;
}

typedef struct named {
	sha256 *s;
	const char *dir;
} named;

/* A name a .clang-tidy in n->dir may give as a rules file: when it names
 * a regular file, relative to that folder (as the plugin takes it: the
 * folder of the .clang-tidy that sets the option, RulesLocation.cpp) or
 * absolute, its path and contents. */
static int add_named_file(void *ctx, const char *name)
{
	const named *n = ctx;
	char path[PATH_MAX * 2];
	struct stat st;

	snprintf(path, sizeof(path), "%s%s%s", name[0] == '/' ? "" : n->dir,
		 name[0] == '/' ? "" : "/", name);
	if (!stat(path, &st) && S_ISREG(st.st_mode) && add_file(n->s, path))
		sha256_add_str(n->s, "unreadable");
	return 0;
}

/* Adds dir/.clang-tidy, and what it names when it sets rules files.
 * Returns -1 when it exists but cannot be read. */
static int add_config(sha256 *s, const char *dir)
{
	char path[PATH_MAX + 16];
	size_t len;
	char *text;
	int res;

	snprintf(path, sizeof(path), "%s/.clang-tidy", dir);
	if (!(text = cli_read_all(path, &len)))
		return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
	sha256_add_str(s, path);
	sha256_add(s, text, len);
	res = strstr(text, "RulesFiles") ?
	      cache_rules_names(text, add_named_file, &(named){ s, dir }) : 0;
	free(text);
	return res;
}

/* The digest of the .clang-tidy files in `dir` and above, memoised. */
static const cache_config *config_of(audit_cache *c, const char *dir)
{
	size_t id = strset_get(&c->config_dirs, dir);
	char up[PATH_MAX];
	cache_config *cfg;
	sha256 s;

	if (id != STRSET_NONE)
		return &c->configs.items[id];
	if (!(cfg = AUDIT_PUSH(&c->configs)) ||
	    strset_put(&c->config_dirs, dir, c->configs.count - 1))
		return NULL;
	sha256_init(&s);
	cfg->ok = 1;
	snprintf(up, sizeof(up), "%s", dir);
	for (char *slash; cfg->ok; *slash = '\0') {
		cfg->ok = !add_config(&s, up[0] ? up : "/");
		if (!(slash = strrchr(up, '/')) || !up[0])
			break;
	}
	sha256_end(&s, cfg->d);
	return cfg;
}

int audit_cache_key(audit_cache *c, const audit_tu *tu,
		    char hex[SHA256_HEX])
{
	char dir[PATH_MAX];
	const char *slash = strrchr(tu->file, '/');
	const cache_config *cfg;
	unsigned char d[SHA256_BYTES];
	sha256 s;

	if (!tu->has_inputs || !slash)
		return -1;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - tu->file), tu->file);
	if (!(cfg = config_of(c, dir)) || !cfg->ok)
		return -1;
	sha256_init(&s);
	sha256_add(&s, c->tools, sizeof(c->tools));
	sha256_add_str(&s, tu->dir);
	sha256_add_str(&s, tu->file);
	for (size_t i = 0; i < tu->args.count; i++)
		sha256_add_str(&s, tu->args.items[i]);
	sha256_add_str(&s, tu->has_inputs == 1 ? "files" : "preprocessed");
	sha256_add(&s, tu->inputs, sizeof(tu->inputs));
	sha256_add(&s, cfg->d, sizeof(cfg->d));
	sha256_end(&s, d);
	sha256_hex(d, hex);
	return 0;
}
