/* first_error.c: the first error line of a compiler's or clang-tidy's
 * output, for messages about a run that failed (collect/'s batches,
 * share/'s PCH builds). */
#include <stdio.h>
#include <string.h>

#include "first_error.h"

/* clang's count line ("2 errors generated.", "1 warning and 1 error
 * generated."). */
static int is_count_line(const char *line, size_t len)
{
	static const char tail[] = " generated.";
	size_t n = sizeof(tail) - 1;

	return len > n && !memcmp(line + len - n, tail, n);
}

/* The line into buf, without clang-tidy's check name
 * (" [clang-diagnostic-error]"). */
static void copy_line(const char *line, size_t len, char *buf, size_t size)
{
	static const char tag[] = " [clang-diagnostic-";
	const char *t = len && line[len - 1] == ']' ? strstr(line, tag) : NULL;

	if (t && t < line + len)
		len = (size_t)(t - line);
	snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), line);
}

/* The first line of text holding "error: ", not a count line. */
static int find_error(const char *text, char *buf, size_t size)
{
	for (const char *line = text; line && *line;) {
		size_t len = strcspn(line, "\n");
		const char *at = strstr(line, "error: ");

		if (at && at < line + len && !is_count_line(line, len)) {
			copy_line(line, len, buf, size);
			return 1;
		}
		line += len + (line[len] == '\n');
	}
	return 0;
}

void audit_first_error(const char *out, const char *err, char *buf,
		       size_t size)
{
	const char *line;
	size_t len;

	buf[0] = '\0';
	if (find_error(out, buf, size) || find_error(err, buf, size) || !err)
		return;
	line = err + strspn(err, "\n");
	len = strcspn(line, "\n");
	copy_line(line, len, buf, size);
}
