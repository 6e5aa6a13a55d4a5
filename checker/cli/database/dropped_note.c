/* dropped_note.c: the notes of flags dropped from a unit's command (the
 * filter's, command_filter.h, and response files', response_files.h). */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "database.h"

const char *audit_dropped_why(const audit_note *dropped)
{
	/* a report of an older flagspace says why only for other flags */
	return dropped->why ? dropped->why : "--allow-plugins keeps it";
}

int audit_note_dropped(audit *a, const char *file, char *const *words,
		       size_t n, const char *why)
{
	audit_note *note = AUDIT_PUSH(&a->dropped);
	size_t len = 1;

	if (!note || !(note->why = strdup(why)))
		return -1;
	for (size_t k = 0; k < n; k++)
		len += strlen(words[k]) + 1;
	note->text = calloc(1, len);
	note->file = strdup(file);
	for (size_t k = 0; note->text && k < n; k++) {
		if (k)
			strcat(note->text, " ");
		strcat(note->text, words[k]);
	}
	return note->text && note->file ? 0 : -1;
}
