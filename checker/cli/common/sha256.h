/* sha256.h: SHA-256 (FIPS 180-4), the digest that names a cache entry:
 * keys of many units from many machines share one folder, so the hash must
 * not collide by chance. */
#ifndef FS_SHA256_H
#define FS_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { SHA256_BYTES = 32, SHA256_HEX = 2 * SHA256_BYTES + 1 };

typedef struct sha256 {
	uint32_t h[8];
	uint64_t bytes;		/* fed so far */
	unsigned char block[64];
	size_t used;		/* bytes of block filled */
} sha256;

void sha256_init(sha256 *s);
void sha256_add(sha256 *s, const void *data, size_t len);
/* A string and its terminating NUL: two fields never read as one. */
void sha256_add_str(sha256 *s, const char *str);
void sha256_end(sha256 *s, unsigned char out[SHA256_BYTES]);
/* The digest in lower-case hex, NUL-terminated. */
void sha256_hex(const unsigned char d[SHA256_BYTES], char out[SHA256_HEX]);
/* The digest of a whole file; -1 when it cannot be read (errno set). */
int sha256_file(const char *path, unsigned char out[SHA256_BYTES]);

#endif
