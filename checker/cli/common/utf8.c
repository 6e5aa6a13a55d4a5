/* utf8.c: which bytes of a string are UTF-8 (utf8.h). */
#include <string.h>

#include "utf8.h"

/* The bounds of the second byte after lead byte c, where they are
 * narrower than 0x80..0xbf: no overlong form, no surrogate, nothing past
 * U+10FFFF. */
static void second_range(unsigned char c, unsigned char *lo,
			 unsigned char *hi)
{
	*lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
	*hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
}

size_t utf8_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char lo, hi;
	size_t len;

	if (!n)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] < 0xc2 || u[0] > 0xf4)
		return 0;
	len = u[0] < 0xe0 ? 2 : u[0] < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	second_range(u[0], &lo, &hi);
	if (u[1] < lo || u[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (u[i] < 0x80 || u[i] > 0xbf)
			return 0;
	return len;
}

size_t utf8_valid_prefix(const char *s)
{
	size_t n = strlen(s), i = 0, k;

	while (i < n && (k = utf8_len(s + i, n - i)))
		i += k;
	return i;
}
