/* audit_findings.c: the findings in a stable order without repeats (a
 * header's finding comes from every unit that includes it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "collect.h"
#include "fix.h"

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

/* Of two analyses of one finding, the fix-it of one without compile
 * errors is kept: --fix applies it without --fix-errors. */
static void keep_clean_fix(audit_finding *kept, audit_finding *repeat)
{
	fix_edits swap;

	if (!repeat->fix.count ||
	    (kept->fix.count && (!kept->fix_with_errors ||
				 repeat->fix_with_errors)))
		return;
	swap = kept->fix;
	kept->fix = repeat->fix;
	repeat->fix = swap;
	kept->fix_with_errors = repeat->fix_with_errors;
}

void audit_sort_findings(audit *a)
{
	size_t kept = 0;

	if (!a->findings.count)
		return;
	qsort(a->findings.items, a->findings.count, sizeof(audit_finding),
	      compare_findings);
	for (size_t i = 0; i < a->findings.count; i++) {
		audit_finding *f = &a->findings.items[i];

		if (kept && !compare_findings(&a->findings.items[kept - 1], f)) {
			keep_clean_fix(&a->findings.items[kept - 1], f);
			audit_finding_free(f);
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

	if (!c && a->line != b->line)
		c = a->line < b->line ? -1 : 1;
	if (!c && a->col != b->col)
		c = a->col < b->col ? -1 : 1;
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
