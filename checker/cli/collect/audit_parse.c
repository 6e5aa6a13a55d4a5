/* audit_parse.c: reads clang-tidy's text output into findings, and puts
 * them in a stable order without repeats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static const char *const severities[] = { "warning", "error" };

/* No finding to attach notes to. */
#define NO_FINDING ((size_t)-1)

/* One diagnostic line: "<file>:<line>:<col>: <severity>: <message>
 * [<check>]". Fills the parts (pointers into a copy of the line) and
 * returns 1, or returns 0 for any other line (source, caret, notes). */
typedef struct diag_line {
	char *file, *severity, *message, *check;
	unsigned line, col;
} diag_line;

/* Parses ":<line>:<col>" ending just before `end`; returns its start. */
static char *parse_location(char *start, char *end, unsigned *line,
			    unsigned *col)
{
	char *p = end;
	unsigned long v[2];

	for (int k = 1; k >= 0; k--) {
		char *digits = p;

		while (digits > start && digits[-1] >= '0' && digits[-1] <= '9')
			digits--;
		if (digits == p || digits == start || digits[-1] != ':')
			return NULL;
		v[k] = strtoul(digits, NULL, 10);
		p = digits - 1;
	}
	*line = (unsigned)v[0];
	*col = (unsigned)v[1];
	return p;
}

static int parse_line(char *text, diag_line *d)
{
	for (size_t s = 0; s < 2; s++) {
		char marker[16];
		char *at, *loc, *open, *close;

		strcpy(marker, ": ");
		strcat(marker, severities[s]);
		strcat(marker, ": ");
		if (!(at = strstr(text, marker)))
			continue;
		close = text + strlen(text);
		if (close == text || close[-1] != ']' ||
		    !(open = strrchr(text, '[')) || open < at)
			return 0;
		if (!(loc = parse_location(text, at, &d->line, &d->col)))
			return 0;
		*loc = '\0';
		close[-1] = '\0';
		open[-1] = '\0';
		d->file = text;
		d->severity = (char *)severities[s];
		d->message = at + strlen(marker);
		d->check = open + 1;
		return 1;
	}
	return 0;
}

static int add_finding(audit *a, const char *dir, const diag_line *d)
{
	audit_finding *f = AUDIT_PUSH(&a->findings);

	if (!f)
		return -1;
	f->file = audit_abs_path(dir, d->file);
	f->line = d->line;
	f->col = d->col;
	f->severity = strdup(d->severity);
	f->message = strdup(d->message);
	f->check = strdup(d->check);
	return f->file && f->severity && f->message && f->check ? 0 : -1;
}

static int add_compile_error(audit *a, const char *dir, const diag_line *d)
{
	audit_note *note = AUDIT_PUSH(&a->compile_errors);
	size_t len = strlen(d->message) + 32;

	if (!note)
		return -1;
	note->file = audit_abs_path(dir, d->file);
	note->text = malloc(len);
	if (!note->file || !note->text)
		return -1;
	snprintf(note->text, len, "%u:%u: %s", d->line, d->col, d->message);
	return 0;
}

/* "<file>:<line>:<col>: note: <message>": fills d (no check, severity
 * "note") and returns 1, or returns 0 for any other line. */
static int parse_note(char *text, diag_line *d)
{
	char *at = strstr(text, ": note: "), *loc;

	if (!at || !(loc = parse_location(text, at, &d->line, &d->col)))
		return 0;
	*loc = '\0';
	d->file = text;
	d->severity = "note";
	d->message = at + strlen(": note: ");
	d->check = NULL;
	return 1;
}

static int add_note(audit *a, size_t finding, const char *dir,
		    const diag_line *d)
{
	audit_finding *f = &a->findings.items[finding];
	audit_diag_note *note = AUDIT_PUSH(&f->notes);

	if (!note)
		return -1;
	note->file = audit_abs_path(dir, d->file);
	note->line = d->line;
	note->col = d->col;
	note->message = strdup(d->message);
	return note->file && note->message ? 0 : -1;
}

/* One line of output; *last is the finding its notes go to, or
 * NO_FINDING after another diagnostic. */
static int parse_one(audit *a, const char *dir, char *line, size_t *last)
{
	diag_line d;

	if (parse_line(line, &d)) {
		*last = NO_FINDING;
		if (!strncmp(d.check, "flagspace-", 10)) {
			*last = a->findings.count;
			return add_finding(a, dir, &d);
		}
		if (!strcmp(d.severity, "error"))
			return add_compile_error(a, dir, &d);
	} else if (*last != NO_FINDING && parse_note(line, &d)) {
		return add_note(a, *last, dir, &d);
	}
	return 0;
}

int audit_parse_output(audit *a, const char *dir, const char *text)
{
	size_t last = NO_FINDING;

	while (*text) {
		size_t n = strcspn(text, "\n");
		char *line = strndup(text, n);
		int res;

		if (!line)
			return -1;
		res = parse_one(a, dir, line, &last);
		free(line);
		if (res)
			return -1;
		text += n + (text[n] == '\n');
	}
	return 0;
}

static int compare_findings(const void *x, const void *y)
{
	const audit_finding *a = x, *b = y;
	int c;

	if ((c = strcmp(a->file, b->file)))
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if ((c = strcmp(a->check, b->check)))
		return c;
	return strcmp(a->message, b->message);
}

void audit_finding_free(audit_finding *f)
{
	free(f->file);
	free(f->severity);
	free(f->message);
	free(f->check);
	for (size_t i = 0; i < f->notes.count; i++) {
		free(f->notes.items[i].file);
		free(f->notes.items[i].message);
	}
	free(f->notes.items);
}

void audit_sort_findings(audit *a)
{
	size_t kept = 0;

	if (!a->findings.count)
		return;
	qsort(a->findings.items, a->findings.count, sizeof(audit_finding),
	      compare_findings);
	for (size_t i = 0; i < a->findings.count; i++) {
		if (kept && !compare_findings(&a->findings.items[kept - 1],
					      &a->findings.items[i])) {
			audit_finding_free(&a->findings.items[i]);
			continue;
		}
		a->findings.items[kept++] = a->findings.items[i];
	}
	a->findings.count = kept;
}

static int compare_notes(const void *x, const void *y)
{
	const audit_note *a = x, *b = y;
	int c = strcmp(a->file, b->file);

	if (!c)
		c = strcmp(a->text, b->text);
	if (!c && (a->unit || b->unit))
		c = !a->unit ? -1 : !b->unit ? 1 : strcmp(a->unit, b->unit);
	return c;
}

/* Repeats come from merged shards, or a flag dropped from several units of
 * one file. */
void audit_sort_notes(audit_notes *notes)
{
	size_t kept = 0;

	if (!notes->count)
		return;
	qsort(notes->items, notes->count, sizeof(audit_note), compare_notes);
	for (size_t i = 0; i < notes->count; i++) {
		audit_note *n = &notes->items[i];

		if (kept && !compare_notes(&notes->items[kept - 1], n)) {
			audit_note_free(n);
			continue;
		}
		notes->items[kept++] = *n;
	}
	notes->count = kept;
}
