/* audit_free.c: releases everything an audit holds (its units, findings
 * with their fix-its, notes and the fix-its' files), calling no stage. */
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

void fix_edits_free(fix_edits *e)
{
	for (size_t i = 0; i < e->count; i++) {
		free(e->items[i].file);
		free(e->items[i].text);
	}
	free(e->items);
	e->items = NULL;
	e->count = e->cap = 0;
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
	fix_edits_free(&f->fix);
}

void fix_store_free(struct fix_store *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->seen.count; i++)
		free(s->seen.items[i].file);
	free(s->seen.items);
	free(s);
}

void audit_tu_free(audit_tu *tu)
{
	AUDIT_FREE_STRS(&tu->args);
	AUDIT_FREE_STRS(&tu->headers);
	free(tu->pch);
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
