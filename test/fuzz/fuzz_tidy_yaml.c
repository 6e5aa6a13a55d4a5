/* fuzz_tidy_yaml.c: libFuzzer harness for what `flagspace audit` reads
 * back of a clang-tidy run: its --export-fixes YAML (audit_collect_run()
 * in checker/cli/collect/tidy_collect.c, tidy_yaml.c), then
 * audit_sort_findings(). That text quotes the audited code, file names
 * and messages, so it is as hostile as the repository.
 *
 * It aborts when a finding lacks a part, is not a flagspace check, has a
 * fix-it edit without a file or text, or when sorting leaves two equal
 * findings or loses a distinct one. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit.h"

static int same(const audit_finding *x, const audit_finding *y)
{
	return !strcmp(x->file, y->file) && x->line == y->line &&
	       x->col == y->col && !strcmp(x->check, y->check) &&
	       !strcmp(x->message, y->message);
}

static void check_finding(const audit_finding *f)
{
	if (!f->file || !f->severity || !f->message || !f->check ||
	    strncmp(f->check, "flagspace-", 10) || !f->line || !f->col)
		abort();
	for (size_t k = 0; k < f->fix.count; k++)
		if (!f->fix.items[k].file || !f->fix.items[k].text)
			abort();
}

static void check_sorted(const audit *a, size_t before)
{
	for (size_t i = 0; i < a->findings.count; i++) {
		check_finding(&a->findings.items[i]);
		if (i && same(&a->findings.items[i - 1], &a->findings.items[i]))
			abort();
	}
	if (a->findings.count > before || (before && !a->findings.count))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct timespec now = { 0, 0 };
	audit a = { 0 };
	char *text = malloc(size + 1);
	size_t before;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (audit_collect_run(&a, text, "/nonexistent-flagspace-fuzz",
			      &now) == 0) {
		before = a.findings.count;
		audit_sort_findings(&a);
		check_sorted(&a, before);
	}
	audit_free(&a);
	free(text);
	return 0;
}
