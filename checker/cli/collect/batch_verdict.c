/* batch_verdict.c: reading a finished clang-tidy batch again (see
 * batch_verdict.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_verdict.h"

audit_mark audit_mark_of(const audit *a)
{
	return (audit_mark){ a->findings.count, a->compile_errors.count,
			     a->failures.count, a->werror,
			     a->unplaced_errors };
}

int audit_failed_on_werror(const audit *a, const audit_mark *m, int code)
{
	return code == 1 &&
	       a->werror > m->werror &&
	       a->compile_errors.count == m->compile_errors &&
	       a->unplaced_errors == m->unplaced_errors;
}

void audit_roll_back(audit *a, const audit_mark *m)
{
	for (size_t i = m->findings; i < a->findings.count; i++)
		audit_finding_free(&a->findings.items[i]);
	a->findings.count = m->findings;
	audit_notes_truncate(&a->compile_errors, m->compile_errors);
	audit_notes_truncate(&a->failures, m->failures);
	a->werror = m->werror;
	a->unplaced_errors = m->unplaced_errors;
}

