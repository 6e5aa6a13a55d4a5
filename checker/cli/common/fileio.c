/* fileio.c: reads whole files and hashes their contents. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "fileio.h"

char *cli_read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t n = 0, cap = 0, got;
	int err = 0;

	if (!f)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			char *grown = realloc(text, cap = 2 * cap + 8192);

			if (!grown) {
				err = ENOMEM;
				break;
			}
			text = grown;
		}
		got = fread(text + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (!err && ferror(f))
		err = errno ? errno : EIO;
	fclose(f);
	if (err) {
		free(text);
		errno = err;
		return NULL;
	}
	text[n] = '\0';
	if (len)
		*len = n;
	return text;
}

uint64_t cli_hash(const char *bytes, size_t len)
{
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)bytes[i]) * 1099511628211ull;
	return h;
}
