/* audit_fix_apply.c: `audit --fix`: applies the fix-its of the reported
 * findings file by file, refusing a file outside the audited tree (--root),
 * one that changed since it was analysed, and one whose fix-its overlap. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fix.h"

/* An edit chosen for applying, with the finding it fixes. */
typedef struct chosen {
	const fix_edit *edit;
	const audit_finding *finding;
} chosen;

typedef AUDIT_VEC(chosen) chosen_vec;

static int compare_chosen(const void *x, const void *y)
{
	const fix_edit *a = ((const chosen *)x)->edit;
	const fix_edit *b = ((const chosen *)y)->edit;
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	if (a->length != b->length)
		return a->length < b->length ? -1 : 1;
	return strcmp(a->text, b->text);
}

/* Adds the edits of the fix-it of finding `f`. */
static int choose_fix(chosen_vec *out, const audit_finding *f)
{
	for (size_t e = 0; e < f->fix.count; e++) {
		chosen *c = AUDIT_PUSH(out);

		if (!c)
			return -1;
		c->edit = &f->fix.items[e];
		c->finding = f;
	}
	return 0;
}

/* The edits of every reported finding that has a fix-it, sorted. A
 * header's finding is reported once, with the fix-it of an analysis
 * without compile errors when there was one (audit_sort_findings). A
 * fix-it only runs with compile errors gave is held back, as clang-tidy
 * -fix does, unless --fix-errors: *held counts those findings, each named
 * on stderr. */
static int choose(const audit *a, chosen_vec *out, size_t *held)
{
	for (size_t i = 0; i < a->findings.count; i++) {
		const audit_finding *f = &a->findings.items[i];

		if (!f->fix.count)
			continue;
		if (f->fix_with_errors && !a->opt.fix_errors) {
			++*held;
			cli_error("not fixing '%s:%u:%u': its unit had compile "
				  "errors (--fix-errors fixes it anyway)",
				  f->file, f->line, f->col);
		} else if (choose_fix(out, f)) {
			return -1;
		}
	}
	if (out->count)
		qsort(out->items, out->count, sizeof(chosen), compare_chosen);
	return 0;
}

typedef struct fix_tally {
	size_t findings, files, refused;
} fix_tally;

static int refused(fix_tally *t, const char *file, const char *why)
{
	t->refused++;
	cli_error("not fixing '%s': %s", file, why);
	return 0;
}

/* Whether c[i] is the first edit of its finding among c[0..i]. */
static int is_first_of(const chosen *c, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (c[k].finding == c[i].finding)
			return 0;
	return 1;
}

/* Applies the edits c[0..n), all of one file, when it is in the audited
 * tree. Returns -1 only when out of memory. */
static int fix_file(const audit *a, const chosen *c, size_t n, fix_tally *t)
{
	const char *file = c[0].edit->file;
	const fix_edit **edits;
	const fix_seen *seen = fix_seen_of(a->fixes, file);
	size_t kept = 0, findings = 0;
	char why[PATH_MAX + 64];

	/* A fix-it comes from clang-tidy's YAML or a cache entry, which
	 * the audited code or whoever writes the cache can forge: only the
	 * tree the user chose is written (fix_open checks again). */
	if (!audit_in_tree(a, file)) {
		snprintf(why, sizeof(why), "it is outside the audited tree "
			 "'%s' (--root)", a->root);
		return refused(t, file, why);
	}
	if (!(edits = calloc(n, sizeof(*edits))))
		return -1;
	for (size_t i = 0; i < n; i++) {
		const fix_edit *e = c[i].edit;
		const fix_edit *prev = kept ? edits[kept - 1] : NULL;

		findings += is_first_of(c, i);
		if (kept && !compare_chosen(&c[i], &c[i - 1]))
			continue;
		/* Two different edits at one place, or one reaching into
		 * the next: no order of applying them is right. */
		if (prev && (e->offset < prev->offset + prev->length ||
			     e->offset == prev->offset)) {
			snprintf(why, sizeof(why), "the fix-its of two "
				 "findings overlap at line %u",
				 c[i].finding->line);
			free(edits);
			return refused(t, file, why);
		}
		edits[kept++] = e;
	}
	if (!seen || seen->changed)
		refused(t, file, "it changed while it was analysed");
	else if (fix_apply_file(a->root, file, edits, kept, seen->hash, why,
				sizeof(why)))
		refused(t, file, why);
	else {
		t->files++;
		t->findings += findings;
	}
	free(edits);
	return 0;
}

int audit_fix_apply(audit *a)
{
	chosen_vec c = { NULL, 0, 0 };
	fix_tally t = { 0, 0, 0 };
	size_t held = 0;
	int res = choose(a, &c, &held);

	for (size_t i = 0, k; !res && i < c.count; i = k) {
		for (k = i + 1; k < c.count && !strcmp(c.items[k].edit->file,
						       c.items[i].edit->file);
		     k++)
			;
		res = fix_file(a, c.items + i, k - i, &t);
	}
	free(c.items);
	if (res)
		return cli_error("out of memory");
	fprintf(stderr, "flagspace: fixed %zu finding%s in %zu file%s", t.findings,
		t.findings == 1 ? "" : "s", t.files, t.files == 1 ? "" : "s");
	if (t.refused)
		fprintf(stderr, "; %zu file%s refused", t.refused,
			t.refused == 1 ? "" : "s");
	if (held)
		fprintf(stderr, "; %zu finding%s held back: compile errors",
			held, held == 1 ? "" : "s");
	fputc('\n', stderr);
	return t.refused || held ? CLI_FAIL : CLI_OK;
}
