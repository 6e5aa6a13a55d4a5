/* hmac.c: HMAC-SHA-256 as RFC 2104 gives it, on sha256.c. */
#include <string.h>

#include "hmac.h"

enum { BLOCK = 64 };

/* SHA-256 of the key, padded (K0), xor `pad`, then `msg`. */
static void keyed_hash(const unsigned char k0[BLOCK], unsigned char pad,
		       const void *msg, size_t len,
		       unsigned char out[SHA256_BYTES])
{
	unsigned char block[BLOCK];
	sha256 s;

	for (int i = 0; i < BLOCK; i++)
		block[i] = k0[i] ^ pad;
	sha256_init(&s);
	sha256_add(&s, block, BLOCK);
	sha256_add(&s, msg, len);
	sha256_end(&s, out);
}

void hmac_sha256(const void *key, size_t key_len, const void *msg,
		 size_t len, unsigned char out[SHA256_BYTES])
{
	unsigned char k0[BLOCK] = { 0 }, inner[SHA256_BYTES];

	if (key_len > BLOCK) {
		sha256 s;

		sha256_init(&s);
		sha256_add(&s, key, key_len);
		sha256_end(&s, k0);
	} else if (key_len) {
		memcpy(k0, key, key_len);
	}
	keyed_hash(k0, 0x36, msg, len, inner);
	keyed_hash(k0, 0x5c, inner, sizeof(inner), out);
}

int hmac_equal(const unsigned char *a, const unsigned char *b, size_t n)
{
	unsigned char diff = 0;

	for (size_t i = 0; i < n; i++)
		diff |= a[i] ^ b[i];
	return diff == 0;
}
