/* cache_secret.c: the key that authenticates the result cache's entries
 * (HMAC-SHA-256): from $FLAGSPACE_CACHE_KEY (a CI secret) or a private
 * file in the user's own configuration, never from the cache folder,
 * which CI jobs of one user commonly share with every branch. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "cache.h"
#include "cli.h"
#include "fileio.h"

/* Shorter is guessable; longer is not a key but some other file. */
enum { KEY_MIN = 16, KEY_MAX = 4096 };

/* $XDG_CONFIG_HOME/flagspace/cache-key (an absolute one only, as the XDG
 * base directory specification says), else ~/.config/flagspace/cache-key;
 * 0 when there is no home to look in. */
static int key_file_path(char *out, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");

	if (xdg && xdg[0] == '/')
		snprintf(out, size, "%s/flagspace/cache-key", xdg);
	else if (home && home[0])
		snprintf(out, size, "%s/.config/flagspace/cache-key", home);
	else
		return 0;
	return 1;
}

/* Takes `len` bytes of `text` (a trailing line end dropped) as the key. */
static int take_key(cache_secret *s, const char *text, size_t len,
		    const char *from)
{
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (len < KEY_MIN || len > KEY_MAX)
		return cli_error("the cache key from %s has %zu bytes: give "
				 "%d to %d (for example `openssl rand -hex "
				 "32`)", from, len, KEY_MIN, KEY_MAX);
	if (!(s->bytes = malloc(len)) || !(s->from = strdup(from)))
		return cli_error("out of memory");
	memcpy(s->bytes, text, len);
	s->len = len;
	return CLI_OK;
}

/* The key file must be yours, a regular file, read and written by you
 * alone (as ssh wants of a private key), and not in the cache folder. */
static int check_key_file(int fd, const char *path, const char *cache_dir)
{
	char real[PATH_MAX], cache[PATH_MAX];
	struct stat st;

	if (fstat(fd, &st))
		return cli_error("cannot read the cache key file '%s': %s",
				 path, cli_strerror(errno));
	if (!S_ISREG(st.st_mode))
		return cli_error("the cache key file '%s' is not a regular "
				 "file", path);
	if (st.st_uid != geteuid())
		return cli_error("the cache key file '%s' is not yours", path);
	if (st.st_mode & 077)
		return cli_error("the cache key file '%s' can be read or "
				 "written by others (mode %04o): chmod 600 it",
				 path, (unsigned)(st.st_mode & 07777));
	if (realpath(path, real) && realpath(cache_dir, cache) &&
	    audit_tree_rel(cache, real))
		return cli_error("the cache key file '%s' is in the cache "
				 "folder '%s', which others may read", path,
				 cache_dir);
	return CLI_OK;
}

static int load_key_file(cache_secret *s, const char *path,
			 const char *cache_dir)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), res;
	size_t len;
	char *text = NULL;

	if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
		return CLI_OK;	/* no key */
	if (fd < 0)
		return cli_error("cannot read the cache key file '%s': %s",
				 path, cli_strerror(errno));
	if (!(res = check_key_file(fd, path, cache_dir)) &&
	    !(text = cli_read_fd(fd, &len)))
		res = cli_error("cannot read the cache key file '%s': %s",
				path, cli_strerror(errno));
	close(fd);
	if (!res)
		res = take_key(s, text, len, path);
	free(text);
	return res;
}

int cache_secret_load(cache_secret *s, const char *cache_dir)
{
	const char *env = getenv("FLAGSPACE_CACHE_KEY");
	char path[PATH_MAX];

	memset(s, 0, sizeof(*s));
	if (env && env[0])
		return take_key(s, env, strlen(env),
				"$FLAGSPACE_CACHE_KEY");
	if (!key_file_path(path, sizeof(path)))
		return CLI_OK;
	return load_key_file(s, path, cache_dir);
}

void cache_secret_free(cache_secret *s)
{
	if (s->bytes)
		memset(s->bytes, 0, s->len);
	free(s->bytes);
	free(s->from);
	memset(s, 0, sizeof(*s));
}
