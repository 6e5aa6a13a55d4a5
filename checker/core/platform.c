/* platform.c: versions of the C library and the kernel, as rules and
 * messages write them (flagspace.h, fs_platform). */
#include "platform.h"

/* One decimal part below 1000 at *p, which is moved past it; -1 when
 * there is none. */
static long read_part(const char **p, const char *end)
{
	long v = 0;
	int digits = 0;

	while (*p < end && **p >= '0' && **p <= '9' && digits < 4) {
		v = v * 10 + (**p - '0');
		(*p)++;
		digits++;
	}
	return digits && v < 1000 ? v : -1;
}

int fs_version_parse(const char *text, size_t len, uint32_t *version)
{
	const char *p = text, *end;
	long parts[3] = { 0, 0, 0 };

	/* Before any arithmetic: NULL + 0 is undefined too. */
	if (!text)
		return -1;
	end = text + len;
	for (int i = 0; i < 3; i++) {
		if ((parts[i] = read_part(&p, end)) < 0)
			return -1;
		if (p == end)
			break;
		if (*p != '.' || i == 2)
			return -1;
		p++;
	}
	if (p != end || parts[0] < 1)
		return -1;
	*version = FS_VERSION_OF(parts[0], parts[1], parts[2]);
	return 0;
}

void fs_put_version(fs_buf *b, uint32_t version)
{
	fs_buf_printf(b, "%u.%u", (unsigned)(version / 1000000u),
		      (unsigned)(version / 1000u % 1000u));
	if (version % 1000u)
		fs_buf_printf(b, ".%u", (unsigned)(version % 1000u));
}

int fs_may_be_older(uint32_t known, uint32_t need, int unknown)
{
	return known ? known < need : unknown;
}
