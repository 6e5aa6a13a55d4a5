/* cache.c: audit's result cache: opening the folder, looking up a stored
 * result, storing a new one, and the summary (cache.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cache.h"
#include "cli.h"
#include "fileio.h"
#include "fix.h"

/* Backup tools skip a folder with this file (bford.info/cachedir). */
static const char tag[] =
	"Signature: 8a477f597d28d172789f06886806bc55\n"
	"# This file marks the result cache of flagspace audit --cache.\n";

/* mkdir -p of an absolute or relative path. */
static int make_dirs(const char *path)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s", path);
	for (char *s = strchr(p + 1, '/');; s = strchr(s + 1, '/')) {
		if (s)
			*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			return -1;
		if (!s)
			return 0;
		*s = '/';
	}
}

static void write_tag(const char *root)
{
	char path[PATH_MAX], why[256];
	struct stat st;

	snprintf(path, sizeof(path), "%s/CACHEDIR.TAG", root);
	if (stat(path, &st))
		atomic_replace(path, NULL, tag, sizeof(tag) - 1, why,
			       sizeof(why));
}

int audit_cache_open(audit *a)
{
	const char *root = a->opt.cache_dir;
	char dir[PATH_MAX];
	audit_cache *c;

	if (snprintf(dir, sizeof(dir), "%s/v2", root) >= (int)sizeof(dir))
		return cli_error("--cache: the path '%s' is too long", root);
	if (make_dirs(dir) || access(dir, W_OK | X_OK))
		return cli_error("--cache: cannot use the folder '%s': %s",
				 root, cli_strerror(errno));
	if (!(c = calloc(1, sizeof(*c))) || !(c->dir = strdup(dir))) {
		free(c);
		return cli_error("out of memory");
	}
	a->cache = c;
	c->max_bytes = a->opt.cache_bytes;
	write_tag(root);
	if (cache_secret_load(&c->secret, root))
		return CLI_FAIL;
	return cache_key_tools(a, c->tools);
}

int audit_cache_lookup(audit_cache *c, const char *key, char **text,
		       cache_result *r)
{
	char path[PATH_MAX], why[128];
	size_t len;
	int res;

	cache_entry_path(c->dir, key, path, sizeof(path));
	/* Not a link or a FIFO someone put there: that is no entry (a
	 * FIFO would block the audit); storing renames over it. */
	if (!(*text = cli_read_regular(path, &len)))
		return -1;
	res = cache_entry_decode(key, *text, len, &c->secret, r, why,
				 sizeof(why));
	if (res != CACHE_ENTRY_OK) {
		if (res != CACHE_ENTRY_UNKEYED)
			fprintf(stderr, "flagspace: warning: ignoring the "
				"cache entry '%s': %s; the unit is analysed "
				"again\n", path, why);
		c->corrupt += res == CACHE_ENTRY_DAMAGED;
		c->unauthenticated += res != CACHE_ENTRY_DAMAGED;
		free(*text);
		*text = NULL;
		return -1;
	}
	/* Used now: eviction removes the entries used longest ago. */
	utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW);
	return 0;
}

void audit_cache_store(audit *a, const char *key, const char *yaml_path)
{
	cache_result r = { NULL, 0 };
	char path[PATH_MAX], shard[PATH_MAX], why[256] = "", *bytes = NULL;
	size_t len;

	cache_entry_path(a->cache->dir, key, path, sizeof(path));
	snprintf(shard, sizeof(shard), "%.*s",
		 (int)(strrchr(path, '/') - path), path);
	/* clang-tidy writes no YAML when the unit has no diagnostic */
	if (!(r.yaml = cli_read_all(yaml_path, &r.yaml_len)))
		r.yaml = strdup("");
	if (!r.yaml ||
	    !(bytes = cache_entry_encode(key, &r, &a->cache->secret, &len)))
		snprintf(why, sizeof(why), "out of memory");
	else if (!cache_write(shard, key, bytes, len, why, sizeof(why)))
		a->cache->stored++;
	if (why[0])
		fprintf(stderr, "flagspace: warning: cannot store a result in "
			"the cache '%s': %s\n", path, why);
	free(bytes);
	free(r.yaml);
}

static void print_summary(const audit_cache *c)
{
	fprintf(stderr, "flagspace: cache: %zu unit%s from the cache, %zu "
		"analysed (%zu stored), %zu not cacheable",
		c->hits, c->hits == 1 ? "" : "s", c->misses, c->stored,
		c->uncached);
	if (c->corrupt)
		fprintf(stderr, ", %zu corrupt entr%s ignored", c->corrupt,
			c->corrupt == 1 ? "y" : "ies");
	if (c->unauthenticated)
		fprintf(stderr, ", %zu unauthenticated entr%s ignored",
			c->unauthenticated,
			c->unauthenticated == 1 ? "y" : "ies");
	if (c->evicted)
		fprintf(stderr, ", %zu old entr%s removed", c->evicted,
			c->evicted == 1 ? "y" : "ies");
	if (c->secret.len)
		fprintf(stderr, "; entries authenticated with the key from "
			"%s", c->secret.from);
	fprintf(stderr, "\n");
}

void audit_cache_close(audit *a, int report)
{
	audit_cache *c = a->cache;

	if (!c)
		return;
	c->evicted = cache_evict(c->dir, c->max_bytes);
	if (report)
		print_summary(c);
	free(c->dir);
	cache_secret_free(&c->secret);
	strset_free(&c->config_dirs);
	free(c->configs.items);
	free(c);
	a->cache = NULL;
}
