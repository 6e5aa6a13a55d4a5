/* findings.h: appending findings to the list handed back to front ends. */
#ifndef FS_FINDINGS_H
#define FS_FINDINGS_H

#include "flagspace.h"
#include "strbuf.h"

/* Appends a finding whose message is taken from `message` (emptied) and
 * whose fix is a copy of `fix` (may be NULL). Returns 0, or -1 when out of
 * memory (nothing is appended). */
int fs_findings_add(fs_findings *out, fs_check check, size_t slot,
		    size_t term, fs_buf *message, const char *fix);

#endif
