/* audit_report.c: the audit's result as text for people (like a
 * compiler's, then a summary per check) and as versioned JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "cli.h"
#include "colour.h"
#include "consequences.h"
#include "database.h"
#include "fix.h"
#include "flagspace.h"
#include "json.h"
#include "report.h"
#include "report_formats.h"

/* The JSON report's format; bump it when a field changes meaning. */
enum { AUDIT_JSON_VERSION = 1 };

/* A fix-it's text, shown under the caret as clang shows it: where it goes
 * in the line, when it goes in the line shown. */
typedef struct fixit_hint {
	size_t offset;		/* of the file */
	const char *text;	/* NULL: none */
} fixit_hint;

static void put_hint(const char *line, size_t start, const fixit_hint *h,
		     int c)
{
	if (!h || !h->text || strchr(h->text, '\n') || h->offset < start ||
	    h->offset > start + strlen(line))
		return;
	for (size_t i = 0; i < h->offset - start; i++)
		putchar(line[i] == '\t' ? '\t' : ' ');
	printf("%s%s%s\n", colour(c, COLOUR_FIXIT), h->text,
	       colour(c, COLOUR_RESET));
}

/* Prints line `n` of `file`, a caret under column `col`, and the hint. */
static void put_source(const char *file, unsigned n, unsigned col,
		       const fixit_hint *h, int c)
{
	FILE *f = fopen(file, "r");
	char line[4096];
	unsigned at = 1;
	size_t start = 0;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);

		if (at == n) {
			line[strcspn(line, "\n")] = '\0';
			printf("%s\n", line);
			for (unsigned i = 1; i < col && line[i - 1]; i++)
				putchar(line[i - 1] == '\t' ? '\t' : ' ');
			printf("%s^%s\n", colour(c, COLOUR_CARET),
			       colour(c, COLOUR_RESET));
			put_hint(line, start, h, c);
			break;
		}
		start += len;
		at += len && line[len - 1] == '\n';
	}
	fclose(f);
}

/* Distinct checks in `counts` order of first appearance; returns count. */
static size_t count_checks(const audit *a, const char **names,
			   size_t *counts, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < a->findings.count; i++) {
		const char *check = a->findings.items[i].check;
		size_t k = 0;

		while (k < n && strcmp(names[k], check))
			k++;
		if (k == n && n < max) {
			names[n] = check;
			counts[n++] = 0;
		}
		if (k < max)
			counts[k]++;
	}
	return n;
}

typedef struct dir_count {
	const char *dir;	/* a file in it; the directory is len bytes */
	size_t len, n;
} dir_count;

/* Findings per directory, in the order the sorted findings give. */
static void put_directories(const audit *a)
{
	AUDIT_VEC(dir_count) dirs = { NULL, 0, 0 };

	for (size_t i = 0; i < a->findings.count; i++) {
		const char *file = a->findings.items[i].file;
		const char *slash = strrchr(file, '/');
		size_t len = slash ? (size_t)(slash - file) : 0, k = 0;

		while (k < dirs.count && (dirs.items[k].len != len ||
					  strncmp(dirs.items[k].dir, file, len)))
			k++;
		if (k == dirs.count && !AUDIT_PUSH(&dirs))
			break;
		dirs.items[k].dir = file;
		dirs.items[k].len = len;
		dirs.items[k].n++;
	}
	for (size_t k = 0; k < dirs.count; k++)
		printf("%6zu  %.*s/\n", dirs.items[k].n, (int)dirs.items[k].len,
		       dirs.items[k].dir);
	free(dirs.items);
}

size_t audit_tu_total(const audit *a)
{
	return a->tus.count + a->merged_tus + a->skipped + a->same_reading +
	       a->covered + a->not_run + a->not_built;
}

static size_t count_files(const audit *a)
{
	size_t n = 0;

	for (size_t i = 0; i < a->findings.count; i++)
		n += !i || strcmp(a->findings.items[i].file,
				  a->findings.items[i - 1].file);
	return n;
}

/* The finding's fix-it as a hint: its first edit, when in the same file. */
static fixit_hint hint_of(const audit_finding *f)
{
	const fix_edits *fix = &f->fix;
	fixit_hint h = { 0, NULL };

	if (fix->count && !strcmp(fix->items[0].file, f->file)) {
		h.offset = fix->items[0].offset;
		h.text = fix->items[0].text;
	}
	return h;
}

/* As clang prints a diagnostic: place and message bold, the severity in
 * its colour, the check's name in the note colour; the fix-it under the
 * caret; then its notes, each with its line. */
static void put_finding(const audit_finding *f, int c)
{
	int is_error = !strcmp(f->severity, "error");
	fixit_hint h = hint_of(f);

	/* The consequence beside the check's name, as clang-tidy prints
	 * them. */
	printf("%s%s:%u:%u: %s%s: %s%s%s [%s] [%s]%s\n",
	       colour(c, COLOUR_BOLD), f->file, f->line, f->col,
	       colour(c, is_error ? COLOUR_ERROR : COLOUR_WARNING), f->severity,
	       colour(c, COLOUR_BOLD), f->message, colour(c, COLOUR_NOTE),
	       audit_consequence_name(f), f->check, colour(c, COLOUR_RESET));
	put_source(f->file, f->line, f->col, &h, c);
	for (size_t i = 0; i < f->notes.count; i++) {
		const audit_diag_note *n = &f->notes.items[i];

		printf("%s%s:%u:%u: %snote: %s%s%s\n", colour(c, COLOUR_BOLD),
		       n->file, n->line, n->col, colour(c, COLOUR_NOTE),
		       colour(c, COLOUR_BOLD), n->message,
		       colour(c, COLOUR_RESET));
		put_source(n->file, n->line, n->col, NULL, c);
	}
}

/* "     2  fails": the findings of each class there are, worst first;
 * "(not failing the run: --fail-on=...)" beside those it leaves out. */
static void put_consequence_counts(const audit *a)
{
	size_t counts[FS_CONSEQUENCE_COUNT];

	audit_count_consequences(a, counts);
	for (unsigned k = 0; k < FS_CONSEQUENCE_COUNT; k++)
		if (counts[k])
			printf("%6zu  %s%s\n", counts[k],
			       fs_consequence_name((fs_consequence)k),
			       (a->opt.fail_set >> k) & 1u ? ""
			       : "  (does not fail the run: --fail-on)");
	if (a->findings.count)
		puts("");
}

/* The last lines: what was found, in what was analysed, and what was
 * not run and why. */
static void put_summary(const audit *a)
{
	printf("%zu finding%s in %zu file%s; %zu translation unit%s, %zu not "
	       "analysed", a->findings.count,
	       a->findings.count == 1 ? "" : "s", count_files(a),
	       count_files(a) == 1 ? "" : "s", audit_tu_total(a),
	       audit_tu_total(a) == 1 ? "" : "s", a->failures.count);
	audit_put_gaps(a);
	if (a->skipped)
		printf("%zu translation unit%s skipped: no flag name can reach "
		       "%s\n", a->skipped, a->skipped == 1 ? "" : "s",
		       a->skipped == 1 ? "it" : "them");
	if (a->same_reading)
		printf("%zu translation unit%s not run: %s the same as another "
		       "configuration of %s file\n", a->same_reading,
		       a->same_reading == 1 ? "" : "s",
		       a->same_reading == 1 ? "it reads" : "they read",
		       a->same_reading == 1 ? "its" : "their");
	if (a->covered)
		printf("%zu translation unit%s not run: another unit analyses "
		       "%s headers and %s own code names no flag\n",
		       a->covered, a->covered == 1 ? "" : "s",
		       a->covered == 1 ? "its" : "their",
		       a->covered == 1 ? "its" : "their");
	if (a->baselined)
		printf("%zu finding%s in the baseline not shown\n", a->baselined,
		       a->baselined == 1 ? "" : "s");
}

void audit_report_text(const audit *a)
{
	const int c = a->opt.colour;
	const char *bold = colour(c, COLOUR_BOLD);
	const char *reset = colour(c, COLOUR_RESET);
	const char *note = colour(c, COLOUR_NOTE);
	const char *names[32];
	size_t counts[32];
	size_t n = count_checks(a, names, counts, 32);

	for (size_t i = 0; i < a->dropped.count; i++)
		printf("%s%s: %snote: %sdropped '%s' from its compile command "
		       "(%s)%s\n", bold, a->dropped.items[i].file, note, bold,
		       a->dropped.items[i].text,
		       audit_dropped_why(&a->dropped.items[i]), reset);
	for (size_t i = 0; i < a->findings.count; i++)
		put_finding(&a->findings.items[i], a->opt.colour);
	for (size_t i = 0; i < a->compile_errors.count; i++) {
		const audit_note *e = &a->compile_errors.items[i];

		printf("%s%s:%u:%u: %s [compile error%s%s: findings may be "
		       "missing]%s\n", bold, e->file, e->line, e->col, e->text,
		       e->unit ? ", in unit " : "", e->unit ? e->unit : "",
		       reset);
	}
	for (size_t i = 0; i < a->failures.count; i++)
		printf("%s%s: %serror: %snot analysed: %s%s\n", bold,
		       a->failures.items[i].file, colour(c, COLOUR_ERROR), bold,
		       a->failures.items[i].text, reset);
	if (n)
		puts("");
	for (size_t k = 0; k < n; k++)
		printf("%6zu  %s\n", counts[k], names[k]);
	if (n)
		puts("");
	put_consequence_counts(a);
	put_directories(a);
	put_summary(a);
}

static void put_json_notes(const char *key, const char *text_key,
			   const audit_note *notes, size_t count)
{
	printf(",\n  \"%s\": [", key);
	for (size_t i = 0; i < count; i++) {
		printf("%s\n    {\"file\": ", i ? "," : "");
		json_put_string(stdout, notes[i].file);
		if (notes[i].line)
			printf(", \"line\": %u, \"column\": %u", notes[i].line,
			       notes[i].col);
		printf(", \"%s\": ", text_key);
		json_put_string(stdout, notes[i].text);
		if (notes[i].unit) {
			printf(", \"unit\": ");
			json_put_string(stdout, notes[i].unit);
		}
		if (notes[i].why) {
			printf(", \"reason\": ");
			json_put_string(stdout, notes[i].why);
		}
		putchar('}');
	}
	printf("%s]", count ? "\n  " : "");
}

/* An edit or a note in a finding's array: {"file": ..., <fields>,
 * "<key>": <text>}, after ", " but for the first. */
static void put_json_item(size_t i, const char *file, const char *fields,
			  const char *key, const char *text)
{
	printf("%s{\"file\": ", i ? ", " : "");
	json_put_string(stdout, file);
	printf(", %s, \"%s\": ", fields, key);
	json_put_string(stdout, text);
	putchar('}');
}

/* The finding's fix-it, as edits of byte ranges: ', "fix": [...]'. */
static void put_json_fix(const audit_finding *f)
{
	char fields[96];

	if (!f->fix.count)
		return;
	printf(", \"fix\": [");
	for (size_t i = 0; i < f->fix.count; i++) {
		const fix_edit *e = &f->fix.items[i];

		snprintf(fields, sizeof(fields),
			 "\"offset\": %zu, \"length\": %zu", e->offset,
			 e->length);
		put_json_item(i, e->file, fields, "text", e->text);
	}
	putchar(']');
}

/* The finding's notes, when it has any: ', "notes": [...]'. */
static void put_json_diag_notes(const audit_finding *f)
{
	char fields[64];

	if (!f->notes.count)
		return;
	printf(", \"notes\": [");
	for (size_t i = 0; i < f->notes.count; i++) {
		const audit_diag_note *n = &f->notes.items[i];

		snprintf(fields, sizeof(fields),
			 "\"line\": %u, \"column\": %u", n->line, n->col);
		put_json_item(i, n->file, fields, "message", n->message);
	}
	putchar(']');
}

static void put_json_finding(const audit_finding *f)
{
	printf("\n    {\"file\": ");
	json_put_string(stdout, f->file);
	printf(", \"line\": %u, \"column\": %u, \"severity\": ", f->line,
	       f->col);
	json_put_string(stdout, f->severity);
	printf(", \"check\": ");
	json_put_string(stdout, f->check);
	printf(", \"consequence\": \"%s\", \"message\": ",
	       audit_consequence_name(f));
	json_put_string(stdout, f->message);
	put_json_diag_notes(f);
	put_json_fix(f);
	putchar('}');
}

/* Every class with its count, worst first: '"fails": 1, ...'. */
static void put_json_consequences(const audit *a)
{
	size_t counts[FS_CONSEQUENCE_COUNT];

	audit_count_consequences(a, counts);
	for (unsigned k = 0; k < FS_CONSEQUENCE_COUNT; k++)
		printf("%s\"%s\": %zu", k ? ", " : "",
		       fs_consequence_name((fs_consequence)k), counts[k]);
}

void audit_report_json(const audit *a)
{
	const char *names[32];
	size_t counts[32];
	size_t n = count_checks(a, names, counts, 32);

	printf("{\n  \"version\": %d,\n  \"tool\": {\"name\": \"flagspace\", "
	       "\"version\": \"%s\"},\n", AUDIT_JSON_VERSION, FS_VERSION);
	/* merge checks that shards are of one database, and that no
	 * database's units are counted twice. */
	if (a->db_digest[0])
		printf("  \"database_digest\": \"%s\",\n", a->db_digest);
	/* Only in a shard's report: merge checks that none is missing. */
	if (a->opt.shard)
		printf("  \"shard\": \"%u/%u\",\n", a->opt.shard_k,
		       a->opt.shard_n);
	printf("  \"translation_units\": %zu,\n  \"skipped\": %zu,\n"
	       "  \"same_reading\": %zu,\n  \"covered\": %zu,\n"
	       "  \"findings\": [",
	       audit_tu_total(a), a->skipped + a->same_reading + a->covered,
	       a->same_reading, a->covered);
	for (size_t i = 0; i < a->findings.count; i++) {
		if (i)
			putchar(',');
		put_json_finding(&a->findings.items[i]);
	}
	printf("%s]", a->findings.count ? "\n  " : "");
	put_json_notes("not_analysed", "reason", a->failures.items,
		       a->failures.count);
	put_json_notes("dropped_flags", "flag", a->dropped.items,
		       a->dropped.count);
	put_json_notes("compile_errors", "message", a->compile_errors.items,
		       a->compile_errors.count);
	printf(",\n  \"baselined\": %zu,\n  \"summary\": {", a->baselined);
	for (size_t k = 0; k < n; k++)
		printf("%s\"%s\": %zu", k ? ", " : "", names[k], counts[k]);
	printf("},\n  \"consequences\": {");
	put_json_consequences(a);
	printf("}\n}\n");
}
