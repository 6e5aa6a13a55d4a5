/* audit_free.c: releases everything an audit holds. */
#include <stdlib.h>

#include "audit.h"
#include "fix.h"

void audit_note_free(audit_note *note)
{
	free(note->file);
	free(note->text);
	free(note->unit);
	free(note->why);
}

void audit_notes_truncate(audit_notes *notes, size_t keep)
{
	for (size_t i = keep; i < notes->count; i++)
		audit_note_free(&notes->items[i]);
	notes->count = keep;
}

static void free_notes(audit_note *notes, size_t count)
{
	for (size_t i = 0; i < count; i++)
		audit_note_free(&notes[i]);
	free(notes);
}

void audit_tu_free(audit_tu *tu)
{
	for (size_t k = 0; k < tu->args.count; k++)
		free(tu->args.items[k]);
	free(tu->args.items);
	for (size_t k = 0; k < tu->headers.count; k++)
		free(tu->headers.items[k]);
	free(tu->headers.items);
	free(tu->dir);
	free(tu->file);
}

void audit_free(audit *a)
{
	for (size_t i = 0; i < a->tus.count; i++)
		audit_tu_free(&a->tus.items[i]);
	free(a->tus.items);
	for (size_t i = 0; i < a->findings.count; i++)
		audit_finding_free(&a->findings.items[i]);
	free(a->findings.items);
	free_notes(a->failures.items, a->failures.count);
	free_notes(a->dropped.items, a->dropped.count);
	free_notes(a->compile_errors.items, a->compile_errors.count);
	fix_store_free(a->fixes);
	free(a->tmpdir);
	free(a->root);
	free(a->build_db);
}
