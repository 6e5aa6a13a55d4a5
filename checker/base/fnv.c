/* fnv.c: FNV-1a (Fowler, Noll, Vo), 64 and 32 bits. */
#include "base/fnv.h"

#define FNV64_PRIME 1099511628211ull
#define FNV32_PRIME 16777619ul

uint64_t fs_fnv64(const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t h = FS_FNV64_INIT;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * FNV64_PRIME;
	return h;
}

uint64_t fs_fnv64_str(const char *s)
{
	uint64_t h = FS_FNV64_INIT;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * FNV64_PRIME;
	return h;
}

uint32_t fs_fnv32_byte(uint32_t h, unsigned char c)
{
	return (uint32_t)((h ^ c) * FNV32_PRIME);
}
