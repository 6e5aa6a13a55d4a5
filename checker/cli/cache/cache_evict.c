/* cache_evict.c: keeps the cache folder under its bound: when it holds
 * more than --cache-size, the entries used longest ago (their mtime, set
 * at every hit) go until 9/10 of the bound is left. Another audit may be
 * reading an entry removed here: it has it open, or finds none and
 * analyses the unit. A temporary file is another audit's write in
 * progress unless it is a day old (an audit killed mid-write). */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"

typedef struct cache_file {
	char *path;
	struct timespec used;
	uint64_t bytes;
} cache_file;

typedef AUDIT_VEC(cache_file) cache_files;

static int is_entry_name(const char *name)
{
	return strlen(name) == SHA256_HEX - 1 &&
	       strspn(name, "0123456789abcdef") == SHA256_HEX - 1;
}

static int stale_temp(const char *name, const struct stat *st)
{
	return name[0] == '.' && strstr(name, ".flagspace-") &&
	       st->st_mtime < time(NULL) - 24 * 3600;
}

/* Lists the entries of one <2 hex> folder; removes stale temporaries. */
static int list_shard(const char *shard, cache_files *out)
{
	DIR *d = opendir(shard);
	struct dirent *e;
	char path[PATH_MAX + 256];
	struct stat st;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		cache_file *f;

		snprintf(path, sizeof(path), "%s/%s", shard, e->d_name);
		if (lstat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		if (stale_temp(e->d_name, &st))
			unlink(path);
		if (!is_entry_name(e->d_name))
			continue;
		if (!(f = AUDIT_PUSH(out)) || !(f->path = strdup(path))) {
			closedir(d);
			return -1;
		}
		f->used = st.st_mtim;
		f->bytes = (uint64_t)st.st_size;
	}
	closedir(d);
	return 0;
}

static int by_use(const void *x, const void *y)
{
	const cache_file *a = x, *b = y;

	if (a->used.tv_sec != b->used.tv_sec)
		return a->used.tv_sec < b->used.tv_sec ? -1 : 1;
	if (a->used.tv_nsec != b->used.tv_nsec)
		return a->used.tv_nsec < b->used.tv_nsec ? -1 : 1;
	return strcmp(a->path, b->path);
}

size_t cache_evict(const char *dir, uint64_t max_bytes)
{
	cache_files files = { NULL, 0, 0 };
	uint64_t total = 0;
	size_t removed = 0;
	char shard[PATH_MAX];
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (strlen(e->d_name) == 2 &&
		    strspn(e->d_name, "0123456789abcdef") == 2) {
			snprintf(shard, sizeof(shard), "%s/%s", dir, e->d_name);
			if (list_shard(shard, &files))
				break;
		}
	if (d)
		closedir(d);
	for (size_t i = 0; i < files.count; i++)
		total += files.items[i].bytes;
	if (total > max_bytes) {
		qsort(files.items, files.count, sizeof(cache_file), by_use);
		for (size_t i = 0; i < files.count &&
				   total > max_bytes / 10 * 9; i++)
			if (!unlink(files.items[i].path)) {
				total -= files.items[i].bytes;
				removed++;
			}
	}
	for (size_t i = 0; i < files.count; i++)
		free(files.items[i].path);
	free(files.items);
	return removed;
}
