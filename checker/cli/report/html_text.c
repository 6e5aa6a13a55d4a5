/* html_text.c: text written into the HTML report, escaped, and the
 * directory part of a path, for the page (html.c) and its findings
 * (html_finding.c). */
#include <stdio.h>
#include <string.h>

#include "html_text.h"
#include "utf8.h"

/* A byte that is no part of UTF-8 (a file name's) is shown as \xFF: the
 * page is UTF-8. */
void html_put_n(const char *s, size_t len)
{
	for (size_t i = 0, k; i < len && s[i]; i += k) {
		k = utf8_len(s + i, len - i);
		switch (s[i]) {
		case '&': fputs("&amp;", stdout); break;
		case '<': fputs("&lt;", stdout); break;
		case '>': fputs("&gt;", stdout); break;
		case '"': fputs("&quot;", stdout); break;
		case '\'': fputs("&#39;", stdout); break;
		default:
			if (k)
				fwrite(s + i, 1, k, stdout);
			else
				printf("\\x%02X", (unsigned char)s[i]);
		}
		k = k ? k : 1;
	}
}

size_t html_dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}
