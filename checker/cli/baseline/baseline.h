/* baseline.h: --write-baseline and --baseline. */
#ifndef FS_BASELINE_H
#define FS_BASELINE_H

#include "audit.h"

/* Whether a baseline can be written at `path` (its folder writable, the
 * path not a folder), before the audit runs. Returns CLI_OK, or CLI_FAIL
 * after a one-line error. */
int audit_baseline_check_path(const char *path);
/* Writes every finding to a baseline file, atomically: a temporary file
 * renamed over it, so that a full disk leaves the old one whole. Returns
 * CLI_OK or CLI_FAIL. */
int audit_baseline_write(const audit *a, const char *path);
/* Removes the findings the baseline holds (a->baselined counts them).
 * Returns CLI_OK, or CLI_FAIL for an unreadable or malformed file. */
int audit_baseline_apply(audit *a, const char *path);

#endif
