/* cache_entry.c: one entry of the result cache, as bytes:
 *
 *   flagspace cache entry 2\n
 *   key <64 hex>\n
 *   yaml <length>\n<clang-tidy's --export-fixes>\n
 *   sum <64 hex: SHA-256 of every byte above>\n
 *
 * An entry is renamed into place whole, so a torn one is not expected;
 * the sum still catches a file cut short or changed on disk, and the key
 * one copied under another name. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "cli.h"

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

char *cache_entry_encode(const char *key, const cache_result *r,
			 size_t *len)
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

int cache_entry_decode(const char *key, const char *text, size_t len,
		       cache_result *r, char *why, size_t size)
{
	const char *p = text, *end = text + len;
	char hex[SHA256_HEX];
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
	sum_hex(text, (size_t)(p - text), hex);
	if ((size_t)(end - p) != 4 + SHA256_HEX || memcmp(p, "sum ", 4) ||
	    memcmp(p + 4, hex, SHA256_HEX - 1) || end[-1] != '\n')
		return cli_set_why(why, size, "its contents do not match "
				   "their digest");
	return 0;
}
