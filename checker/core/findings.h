/* findings.h: appending findings to the list handed back to front ends. */
#ifndef FS_FINDINGS_H
#define FS_FINDINGS_H

#include "flagspace.h"
#include "rules_model.h"
#include "strbuf.h"

/* Appends a finding whose message is taken from `message` (emptied) and
 * whose fix is a copy of `fix` (may be NULL). Returns 0, or -1 when out of
 * memory (nothing is appended). */
int fs_findings_add(fs_findings *out, fs_check check, size_t slot,
		    size_t term, fs_buf *message, const char *fix);

/* Says of the last finding of `out` what it predicts: with `bits`
 * FS_BITS_EINVAL or FS_BITS_EOPNOTSUPP, that the call fails with that
 * errno (fs_finding.fails_with; other bits say nothing). */
void fs_findings_mark_failure(fs_findings *out, fs_bits bits);
/* ... that its harm needs the call to succeed (harms_on_success). */
void fs_findings_mark_harms_on_success(fs_findings *out);

#endif
