/* cache_entry.c: one entry of the result cache, as bytes:
 *
 *   flagspace cache entry 2\n
 *   key <64 hex>\n
 *   yaml <length>\n<clang-tidy's --export-fixes>\n
 *   sum <64 hex: SHA-256 of every byte above>\n
 *   mac <64 hex: HMAC-SHA-256 of every byte above>\n   (with a key only)
 *
 * An entry is renamed into place whole, so a torn one is not expected;
 * the sum still catches a file cut short or changed on disk, and the key
 * one copied under another name. The sum is no defence against whoever
 * can write the folder, who can recompute it; the mac is, under a key
 * they do not have (cache_secret.c). An audit without a key reads an
 * entry with a mac as one without (it cannot check it); an audit with a
 * key reads only entries with its right mac. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "cli.h"
#include "hmac.h"

/* 2: the YAML alone (1 also held the run's stdout, read for findings) */
static const char magic[] = "flagspace cache entry 2\n";

void cache_entry_path(const char *dir, const char *key, char *out,
		      size_t size)
{
	snprintf(out, size, "%s/%.2s/%s", dir, key, key);
}

static char *sum_hex(const char *text, size_t len, char hex[SHA256_HEX])
{
	unsigned char d[SHA256_BYTES];
	sha256 s;

	sha256_init(&s);
	sha256_add(&s, text, len);
	sha256_end(&s, d);
	sha256_hex(d, hex);
	return hex;
}

static char *mac_hex(const cache_secret *secret, const char *text,
		     size_t len, char hex[SHA256_HEX])
{
	unsigned char d[SHA256_BYTES];

	hmac_sha256(secret->bytes, secret->len, text, len, d);
	sha256_hex(d, hex);
	return hex;
}

static int has_secret(const cache_secret *secret)
{
	return secret && secret->len;
}

char *cache_entry_encode(const char *key, const cache_result *r,
			 const cache_secret *secret, size_t *len)
{
	size_t cap = sizeof(magic) + r->yaml_len + 256, n;
	char *buf = malloc(cap), hex[SHA256_HEX];

	if (!buf)
		return NULL;
	n = (size_t)snprintf(buf, cap, "%skey %s\nyaml %zu\n", magic, key,
			     r->yaml_len);
	memcpy(buf + n, r->yaml, r->yaml_len);
	n += r->yaml_len;
	buf[n++] = '\n';
	n += (size_t)snprintf(buf + n, cap - n, "sum %s\n",
			      sum_hex(buf, n, hex));
	if (has_secret(secret))
		n += (size_t)snprintf(buf + n, cap - n, "mac %s\n",
				      mac_hex(secret, buf, n, hex));
	*len = n;
	return buf;
}

/* Reads "<word> <length>\n", then that many bytes and a newline, from
 * *p (not past end). Returns 0, or -1. */
static int take_block(const char **p, const char *end, const char *word,
		      const char **data, size_t *len)
{
	size_t w = strlen(word);
	char *after;
	uintmax_t n;

	if ((size_t)(end - *p) < w + 2 || memcmp(*p, word, w) ||
	    (*p)[w] != ' ' || (*p)[w + 1] < '0' || (*p)[w + 1] > '9')
		return -1;
	n = strtoumax(*p + w + 1, &after, 10);
	if (after >= end || *after != '\n' ||
	    n > (uintmax_t)(end - after - 1) ||
	    (uintmax_t)(end - after - 1) - n < 1 || after[1 + n] != '\n')
		return -1;
	*data = after + 1;
	*len = (size_t)n;
	*p = after + 1 + n + 1;
	return 0;
}

/* Whether p (not past end) starts with "<word> <hex>\n". */
static int is_line(const char *p, const char *end, const char *word,
		   const char hex[SHA256_HEX])
{
	return (size_t)(end - p) >= 4 + SHA256_HEX && !memcmp(p, word, 3) &&
	       p[3] == ' ' && p[3 + SHA256_HEX] == '\n' &&
	       hmac_equal((const unsigned char *)p + 4,
			  (const unsigned char *)hex, SHA256_HEX - 1);
}

/* The sum line at p and what follows it: nothing, or the mac line. */
static int check_tail(const char *text, const char *p, const char *end,
		      const cache_secret *secret, char *why, size_t size)
{
	enum { LINE = 4 + SHA256_HEX };
	char hex[SHA256_HEX];
	const char *mac = p + LINE;

	sum_hex(text, (size_t)(p - text), hex);
	if (!is_line(p, end, "sum", hex) ||
	    (end != mac && (end - mac != LINE || memcmp(mac, "mac ", 4) ||
			    end[-1] != '\n')))
		return cli_set_why(why, size, "its contents do not match "
				   "their digest");
	if (!has_secret(secret))
		return CACHE_ENTRY_OK;
	if (end == mac) {
		cli_set_why(why, size, "it was written without the cache key");
		return CACHE_ENTRY_UNKEYED;
	}
	if (!is_line(mac, end, "mac", mac_hex(secret, text,
					      (size_t)(mac - text), hex))) {
		cli_set_why(why, size, "its HMAC does not match the cache "
			    "key (forged, or written with another key)");
		return CACHE_ENTRY_FORGED;
	}
	return CACHE_ENTRY_OK;
}

int cache_entry_decode(const char *key, const char *text, size_t len,
		       const cache_secret *secret, cache_result *r,
		       char *why, size_t size)
{
	const char *p = text, *end = text + len;
	size_t m = sizeof(magic) - 1;

	if (len < m || memcmp(text, magic, m))
		return cli_set_why(why, size, "not a flagspace cache entry "
				   "of this version");
	p += m;
	if ((size_t)(end - p) < 4 + SHA256_HEX)
		return cli_set_why(why, size, "it is cut short or malformed");
	if (memcmp(p, "key ", 4) || memcmp(p + 4, key, SHA256_HEX - 1) ||
	    p[3 + SHA256_HEX] != '\n')
		return cli_set_why(why, size, "it holds another key");
	p += 4 + SHA256_HEX;
	if (take_block(&p, end, "yaml", (const char **)&r->yaml,
		       &r->yaml_len))
		return cli_set_why(why, size, "it is cut short or malformed");
	return check_tail(text, p, end, secret, why, size);
}
