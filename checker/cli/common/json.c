/* json.c: writes JSON string literals. */
#include <string.h>

#include "json.h"
#include "utf8.h"

/* s as JSON, each byte not part of a UTF-8 sequence written as
 * \udcXX when `escape_bytes` (Python's surrogateescape: the report stays
 * UTF-8 and loses nothing), else as it is. */
static void put_string(FILE *f, const char *s, int escape_bytes)
{
	size_t n = strlen(s), k;

	fputc('"', f);
	for (size_t i = 0; i < n; i += k) {
		unsigned char c = (unsigned char)s[i];

		k = c < 0x80 ? 1 : utf8_len(s + i, n - i);
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else if (!k && escape_bytes)
			fprintf(f, "\\udc%02x", c);
		else
			fwrite(s + i, 1, k ? k : 1, f);
		k = k ? k : 1;
	}
	fputc('"', f);
}

void json_put_string(FILE *f, const char *s)
{
	put_string(f, s, 1);
}

void json_put_bytes(FILE *f, const char *s)
{
	put_string(f, s, 0);
}
