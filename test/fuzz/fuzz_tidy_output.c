/* fuzz_tidy_output.c: libFuzzer harness for what `flagspace audit` reads
 * back from clang-tidy (audit_parse_output() and audit_sort_findings() in
 * checker/cli/collect/audit_parse.c). That text quotes the audited code, file
 * names and messages, so it is as hostile as the repository.
 *
 * It aborts when a finding lacks a part, is not a flagspace check, or when
 * sorting leaves two equal findings or loses a distinct one. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static int same(const audit_finding *x, const audit_finding *y)
{
	return !strcmp(x->file, y->file) && x->line == y->line &&
	       x->col == y->col && !strcmp(x->check, y->check) &&
	       !strcmp(x->message, y->message);
}

static void check_sorted(const audit *a, size_t before)
{
	for (size_t i = 0; i < a->findings.count; i++) {
		const audit_finding *f = &a->findings.items[i];

		if (!f->file || !f->severity || !f->message || !f->check ||
		    strncmp(f->check, "flagspace-", 10))
			abort();
		if (i && same(&a->findings.items[i - 1], f))
			abort();
	}
	if (a->findings.count > before || (before && !a->findings.count))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	audit a = { 0 };
	char *text = malloc(size + 1);
	size_t before;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (audit_parse_output(&a, "/nonexistent-flagspace-fuzz", text) == 0) {
		before = a.findings.count;
		audit_sort_findings(&a);
		check_sorted(&a, before);
	}
	audit_free(&a);
	free(text);
	return 0;
}
