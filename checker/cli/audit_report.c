/* audit_report.c: prints the audit's result, as text for people (like a
 * compiler's, then a summary per check) or as versioned JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "flagspace.h"
#include "json.h"

/* The JSON report's format; bump it when a field changes meaning. */
enum { AUDIT_JSON_VERSION = 1 };

/* Prints line `n` of `file` and a caret under column `col`. */
static void put_source(const char *file, unsigned n, unsigned col)
{
	FILE *f = fopen(file, "r");
	char line[4096];
	unsigned at = 0;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (++at == n) {
			line[strcspn(line, "\n")] = '\0';
			printf("%s\n", line);
			for (unsigned i = 1; i < col && line[i - 1]; i++)
				putchar(line[i - 1] == '\t' ? '\t' : ' ');
			puts("^");
			break;
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

static size_t count_files(const audit *a)
{
	size_t n = 0;

	for (size_t i = 0; i < a->findings.count; i++)
		n += !i || strcmp(a->findings.items[i].file,
				  a->findings.items[i - 1].file);
	return n;
}

static void put_text(const audit *a)
{
	const char *names[32];
	size_t counts[32];
	size_t n = count_checks(a, names, counts, 32);

	for (size_t i = 0; i < a->dropped.count; i++)
		printf("%s: note: dropped '%s' from its compile command "
		       "(--allow-plugins keeps it)\n", a->dropped.items[i].file,
		       a->dropped.items[i].text);
	for (size_t i = 0; i < a->findings.count; i++) {
		const audit_finding *f = &a->findings.items[i];

		printf("%s:%u:%u: %s: %s [%s]\n", f->file, f->line, f->col,
		       f->severity, f->message, f->check);
		put_source(f->file, f->line, f->col);
	}
	for (size_t i = 0; i < a->compile_errors.count; i++)
		printf("%s:%s [compile error: findings may be missing]\n",
		       a->compile_errors.items[i].file,
		       a->compile_errors.items[i].text);
	for (size_t i = 0; i < a->failures.count; i++)
		printf("%s: error: not analysed: %s\n",
		       a->failures.items[i].file, a->failures.items[i].text);
	if (n)
		puts("");
	for (size_t k = 0; k < n; k++)
		printf("%6zu  %s\n", counts[k], names[k]);
	if (n)
		puts("");
	put_directories(a);
	printf("%zu finding%s in %zu file%s; %zu translation unit%s, %zu not "
	       "analysed\n", a->findings.count,
	       a->findings.count == 1 ? "" : "s", count_files(a),
	       count_files(a) == 1 ? "" : "s", a->tus.count + a->skipped,
	       a->tus.count + a->skipped == 1 ? "" : "s", a->failures.count);
	if (a->skipped)
		printf("%zu translation unit%s skipped: no name the rules know "
		       "can reach %s\n", a->skipped, a->skipped == 1 ? "" : "s",
		       a->skipped == 1 ? "it" : "them");
	if (a->baselined)
		printf("%zu finding%s in the baseline not shown\n", a->baselined,
		       a->baselined == 1 ? "" : "s");
}

static void put_json_notes(const char *key, const char *text_key,
			   const audit_note *notes, size_t count)
{
	printf(",\n  \"%s\": [", key);
	for (size_t i = 0; i < count; i++) {
		printf("%s\n    {\"file\": ", i ? "," : "");
		json_put_string(stdout, notes[i].file);
		printf(", \"%s\": ", text_key);
		json_put_string(stdout, notes[i].text);
		putchar('}');
	}
	printf("%s]", count ? "\n  " : "");
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
	printf(", \"message\": ");
	json_put_string(stdout, f->message);
	putchar('}');
}

static void put_json(const audit *a)
{
	const char *names[32];
	size_t counts[32];
	size_t n = count_checks(a, names, counts, 32);

	printf("{\n  \"version\": %d,\n  \"tool\": {\"name\": \"flagspace\", "
	       "\"version\": \"%s\"},\n  \"translation_units\": %zu,\n"
	       "  \"skipped\": %zu,\n  \"findings\": [", AUDIT_JSON_VERSION, FS_VERSION,
	       a->tus.count + a->skipped, a->skipped);
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
	printf("}\n}\n");
}

void audit_report(const audit *a)
{
	if (!strcmp(a->opt.format, "json"))
		put_json(a);
	else if (!strcmp(a->opt.format, "sarif"))
		audit_report_sarif(a);
	else
		put_text(a);
}
