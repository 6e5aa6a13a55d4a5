/* audit_status.c: how complete an audit was, and the exit status that
 * says so: a run that analysed less than every unit (crashed, timed out,
 * skipped, failed, or compile errors) is never reported as clean or as
 * merely "findings". */
#include <stdio.h>
#include <string.h>

#include "audit.h"
#include "cli.h"
#include "consequences.h"
#include "report.h"
#include "base/count_of.h"

/* Why a unit was not analysed, by the start of its note's text. */
static const struct {
	const char *prefix;
	const char *reason;
} reasons[] = {
	{ "timed out", "timed out" },
	{ "clang-tidy crashed", "crashed" },
	{ "clang-tidy skipped", "skipped by clang-tidy" },
	{ "directory '", "directory missing" },
	{ AUDIT_NOT_COMPILED, "not compiled by the build" },
	{ AUDIT_BUILD_FAILED, "build failed" },
};
enum { NREASONS = FS_COUNT_OF(reasons) };

static size_t reason_of(const audit_note *note)
{
	size_t k = 0;

	while (k < NREASONS && strncmp(note->text, reasons[k].prefix,
				       strlen(reasons[k].prefix)))
		k++;
	return k;		/* NREASONS: another failure of clang-tidy */
}

size_t audit_error_files(const audit *a)
{
	size_t n = 0;

	/* The notes are sorted by file. */
	for (size_t i = 0; i < a->compile_errors.count; i++)
		n += !i || strcmp(a->compile_errors.items[i].file,
				  a->compile_errors.items[i - 1].file);
	return n;
}

int audit_is_incomplete(const audit *a)
{
	return a->failures.count || a->compile_errors.count;
}

int audit_exit_status(const audit *a)
{
	if (audit_is_incomplete(a) && !a->opt.allow_incomplete)
		return CLI_INCOMPLETE;
	/* A baselined finding is not among them, whatever its class. */
	return audit_failing_findings(a) ? CLI_FOUND : CLI_OK;
}

void audit_put_gaps(const audit *a)
{
	size_t counts[NREASONS + 1] = { 0 };
	const char *sep = " (";
	size_t files = audit_error_files(a);

	for (size_t i = 0; i < a->failures.count; i++)
		counts[reason_of(&a->failures.items[i])]++;
	for (size_t k = 0; k <= NREASONS; k++)
		if (counts[k]) {
			printf("%s%zu %s", sep, counts[k], k < NREASONS ?
			       reasons[k].reason : "clang-tidy failed");
			sep = ", ";
		}
	printf("%s\n", a->failures.count ? ")" : "");
	if (files)
		printf("compile errors in %zu file%s: findings may be missing "
		       "there\n", files, files == 1 ? "" : "s");
	if (audit_is_incomplete(a))
		printf("incomplete: %s\n", a->opt.allow_incomplete
		       ? "accepted (--allow-incomplete)"
		       : "exit status 3 (--allow-incomplete accepts it)");
}
