/* finding_key.h: what names a finding across edits that move it, for
 * baselines and for the fingerprints of GitLab's Code Quality report. */
#ifndef FS_FINDING_KEY_H
#define FS_FINDING_KEY_H

#include "audit.h"

/* `file` relative to `cwd` when under it, else `file` itself: what a
 * baseline or a report for a review tool names. */
const char *audit_relative(const char *file, const char *cwd);
/* "check<TAB>file<TAB>hash<TAB>message": the check, the file relative to
 * `cwd`, a hash of the text of the finding's source line with its blanks
 * removed (0 when unreadable), and the message; not the line number, so
 * that lines inserted above a finding leave its key alone. malloc'd; NULL
 * when out of memory. */
char *audit_finding_key(const audit_finding *f, const char *cwd);

#endif
