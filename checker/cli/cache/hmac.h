/* hmac.h: HMAC-SHA-256 (RFC 2104, FIPS 198-1), which authenticates the
 * result cache's entries with a key kept outside the cache folder: a
 * plain digest anyone who can write the folder can recompute. */
#ifndef FS_HMAC_H
#define FS_HMAC_H

#include <stddef.h>

#include "sha256.h"

/* HMAC-SHA-256 of `len` bytes of `msg` under a key of any length (one
 * longer than SHA-256's 64-byte block is hashed first). */
void hmac_sha256(const void *key, size_t key_len, const void *msg,
		 size_t len, unsigned char out[SHA256_BYTES]);

/* Whether two digests are equal, in a time that does not depend on
 * where they first differ. */
int hmac_equal(const unsigned char *a, const unsigned char *b, size_t n);

#endif
