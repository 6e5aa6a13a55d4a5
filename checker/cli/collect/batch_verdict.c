/* batch_verdict.c: reading a finished clang-tidy batch again (see
 * batch_verdict.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_verdict.h"

audit_mark audit_mark_of(const audit *a)
{
	return (audit_mark){ a->findings.count, a->compile_errors.count,
			     a->failures.count, a->werror,
			     a->unplaced_errors };
}

int audit_failed_on_werror(const audit *a, const audit_mark *m, int code)
{
	return code == 1 &&
	       a->werror > m->werror &&
	       a->compile_errors.count == m->compile_errors &&
	       a->unplaced_errors == m->unplaced_errors;
}

void audit_roll_back(audit *a, const audit_mark *m)
{
	for (size_t i = m->findings; i < a->findings.count; i++)
		audit_finding_free(&a->findings.items[i]);
	a->findings.count = m->findings;
	audit_notes_truncate(&a->compile_errors, m->compile_errors);
	audit_notes_truncate(&a->failures, m->failures);
	a->werror = m->werror;
	a->unplaced_errors = m->unplaced_errors;
}

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
