/* tidy_skipped.c: the units clang-tidy says it did not analyse. Given a
 * file it has no compile command for, clang-tidy prints "Skipping <file>.
 * Compile command not found." on stderr and exits 0, so that such a unit
 * would count as analysed and clean. */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "collect.h"

static const char skip_head[] = "Skipping ";
static const char skip_tail[] = ". Compile command not found.";

static int note_unit(audit *a, const audit_tu *tu)
{
	audit_note *note = AUDIT_PUSH(&a->failures);

	if (!note)
		return -1;
	note->file = strdup(tu->file);
	note->text = strdup("clang-tidy skipped it: compile command not found");
	return note->file && note->text ? 0 : -1;
}

/* The units of the batch whose file is the line's, noted. */
static int note_line(audit *a, const char *line, size_t n, size_t first,
		     size_t count, size_t *noted)
{
	size_t head = sizeof(skip_head) - 1, tail = sizeof(skip_tail) - 1;

	if (n < head + tail || strncmp(line, skip_head, head) ||
	    strncmp(line + n - tail, skip_tail, tail))
		return 0;
	for (size_t i = first; i < first + count; i++) {
		const audit_tu *tu = &a->tus.items[i];

		if (strlen(tu->file) == n - head - tail &&
		    !strncmp(tu->file, line + head, n - head - tail)) {
			if (note_unit(a, tu))
				return -1;
			++*noted;
		}
	}
	return 0;
}

int audit_parse_skipped(audit *a, const char *err, size_t first,
			size_t count, size_t *noted)
{
	*noted = 0;
	while (err && *err) {
		size_t n = strcspn(err, "\n");

		if (note_line(a, err, n, first, count, noted))
			return -1;
		err += n + (err[n] == '\n');
	}
	return 0;
}
