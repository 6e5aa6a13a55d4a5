/* cache_tools.c: the digest of a big file of the tools (clang-tidy, the
 * plugin, its checks library), memoised in the cache folder so that each
 * audit does not hash tens of MB again (as ccache's "mtime" compiler
 * check), but keyed on what a same-size replacement with its modification
 * time set back still changes: the inode's change time. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cache.h"
#include "fileio.h"
#include "hmac.h"

/* The memo's name: the digest of the file's path, device, inode, size,
 * modification and change times. utimensat(2) sets the first two times
 * back, never the change time, which any write or utimensat moves to now
 * (only root moving the clock back, or a raw disk edit, gets past it). */
static void memo_name(const char *path, const struct stat *st,
		      char hex[SHA256_HEX])
{
	unsigned char d[SHA256_BYTES];
	sha256 id;

	sha256_init(&id);
	sha256_add_str(&id, "flagspace tool 2");
	sha256_add_str(&id, path);
	sha256_add(&id, &st->st_dev, sizeof(st->st_dev));
	sha256_add(&id, &st->st_ino, sizeof(st->st_ino));
	sha256_add(&id, &st->st_size, sizeof(st->st_size));
	sha256_add(&id, &st->st_mtim, sizeof(st->st_mtim));
	sha256_add(&id, &st->st_ctim, sizeof(st->st_ctim));
	sha256_end(&id, d);
	sha256_hex(d, hex);
}

/* With a key, a memo is "<digest> <HMAC of its name and digest>": one
 * written by whoever can write the folder cannot pass a file off as
 * another (an old plugin's digest for a new one, replaying old results). */
static void memo_mac(const cache_secret *secret, const char *name,
		     const char *digest, char hex[SHA256_HEX])
{
	char msg[2 * SHA256_HEX + 1];
	unsigned char d[SHA256_BYTES];

	snprintf(msg, sizeof(msg), "%s %s", name, digest);
	hmac_sha256(secret->bytes, secret->len, msg, strlen(msg), d);
	sha256_hex(d, hex);
}

/* The digest a memo's text holds, into out, when it is one this audit
 * may trust: 0, or -1. */
static int read_memo(const char *text, const char *name,
		     const cache_secret *secret, char out[SHA256_HEX])
{
	const size_t n = SHA256_HEX - 1;
	char mac[SHA256_HEX];

	if (!text || strlen(text) < n || strspn(text, "0123456789abcdef") != n)
		return -1;
	memcpy(out, text, n);
	out[n] = '\0';
	if (!secret->len)
		return text[n] == '\0' || text[n] == ' ' ? 0 : -1;
	memo_mac(secret, name, out, mac);
	return text[n] == ' ' && strlen(text + n + 1) == n &&
	       hmac_equal((const unsigned char *)text + n + 1,
			  (const unsigned char *)mac, n) ? 0 : -1;
}

int cache_tool_digest(const char *dir, const cache_secret *secret,
		      const char *path, char hex[SHA256_HEX])
{
	char name[SHA256_HEX], memo[PATH_MAX + 128], why[256];
	char text[2 * SHA256_HEX + 1], *old;
	unsigned char d[SHA256_BYTES];
	struct stat st;
	int res;

	if (stat(path, &st))
		return -1;
	memo_name(path, &st, name);
	snprintf(memo, sizeof(memo), "%s/tools/%s", dir, name);
	old = cli_read_regular(memo, NULL);
	res = read_memo(old, name, secret, hex);
	free(old);
	if (!res)
		return 0;
	if (sha256_file(path, d))
		return -1;
	sha256_hex(d, hex);
	snprintf(text, sizeof(text), "%s", hex);
	if (secret->len) {
		text[SHA256_HEX - 1] = ' ';
		memo_mac(secret, name, hex, text + SHA256_HEX);
	}
	snprintf(memo, sizeof(memo), "%s/tools", dir);
	cache_write(memo, name, text, strlen(text), why, sizeof(why));
	return 0;
}
