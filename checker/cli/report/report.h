/* report.h: what the reports share: totals, the exit status, the gaps of an
 * incomplete run; and reading a JSON report back (merge). */
#ifndef FS_REPORT_H
#define FS_REPORT_H

#include "audit.h"

/* What names a loaded report: its "shard", K/N, or 0/0 when it is not a
 * shard's; its "database_digest", or "" (reports before it had none). */
typedef struct audit_shard_seen {
	unsigned k, n;
	char digest[65];
} audit_shard_seen;
/* Adds the contents of an audit's JSON report (findings, notes, counts)
 * to `a` (audit_load.c). Returns CLI_OK, or CLI_FAIL after printing
 * "file:line:col: error: ..." or a one-line error. */
int audit_load_json(audit *a, const char *path, audit_shard_seen *shard);

/* Whether some unit was not analysed or had compile errors. */
int audit_is_incomplete(const audit *a);
/* Files with compile errors (the notes sorted). */
size_t audit_error_files(const audit *a);
/* CLI_INCOMPLETE when incomplete (unless opt.allow_incomplete), else
 * CLI_FOUND when a finding reported is of a class of opt.fail_set
 * (--fail-on), else CLI_OK (audit_status.c). */
int audit_exit_status(const audit *a);
/* Ends the text summary's line: why units were not analysed, then lines
 * on compile errors and on the run being incomplete. */
void audit_put_gaps(const audit *a);

/* Units analysed or skipped, merged reports' included. */
size_t audit_tu_total(const audit *a);

#endif
