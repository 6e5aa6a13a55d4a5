/* fuzz_tidy_yaml.c: libFuzzer harness for what `flagspace audit` reads
 * back of a clang-tidy run: its --export-fixes YAML (audit_collect_run()
 * in checker/cli/collect/tidy_collect.c, tidy_yaml.c), then
 * audit_sort_findings(). That text quotes the audited code, file names
 * and messages, so it is as hostile as the repository.
 *
 * It aborts when a finding lacks a part, is not a flagspace check, has a
 * fix-it edit without a file or text, or when sorting leaves two equal
 * findings or loses a distinct one; and when a YAML not read added
 * anything or its error does not start with "line:col: ". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit.h"
#include "collect.h"

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

static void check_error(const audit *a, const char *why)
{
	unsigned line = 0, col = 0;
	int n = 0;

	if (a->findings.count || a->compile_errors.count ||
	    sscanf(why, "%u:%u: %n", &line, &col, &n) != 2 || !n ||
	    !line || !col || !why[n])
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct timespec now = { 0, 0 };
	audit a = { 0 };
	/* a copy of its own size: ASan sees a read past the input */
	char *text = malloc(size ? size : 1), why[256] = "";
	size_t before;
	int res;

	if (!text)
		return 0;
	memcpy(text, data, size);
	res = audit_collect_run(&a, text, size, "/nonexistent-flagspace-fuzz",
				&now, why, sizeof(why));
	if (res == 0) {
		before = a.findings.count;
		audit_sort_findings(&a);
		check_sorted(&a, before);
	} else if (res == 1) {
		check_error(&a, why);
	}
	audit_free(&a);
	free(text);
	return 0;
}
