/* batch_verdict.h: reading a finished clang-tidy batch again: what it
 * added to the audit (to undo when the batch is run again unit by unit),
 * whether it failed only on warnings made errors, and the first error of
 * a failed run. */
#ifndef FS_BATCH_VERDICT_H
#define FS_BATCH_VERDICT_H

#include <stddef.h>

#include "audit.h"
#include "first_error.h"

/* How much of each list the audit held before a batch was read. */
typedef struct audit_mark {
	size_t findings, compile_errors, failures, werror, unplaced_errors;
} audit_mark;

audit_mark audit_mark_of(const audit *a);
/* Removes what was added since `m`. */
void audit_roll_back(audit *a, const audit_mark *m);

/* Whether a run that exited with status `code` failed only because of
 * warnings it reported as errors (the project's -Werror) since `m`: it
 * exited 1, and every error it reported has a place and is such a
 * warning. */
int audit_failed_on_werror(const audit *a, const audit_mark *m, int code);



#endif
