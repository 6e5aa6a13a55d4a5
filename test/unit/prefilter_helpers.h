/* prefilter_helpers.h: shared by the prefilter's unit tests. */
#ifndef FS_PREFILTER_HELPERS_H
#define FS_PREFILTER_HELPERS_H

#include "prefilter.h"

/* Scans `text`, written to a temporary file, into *f (zeroed first;
 * f->path is NULL after, the file being gone). Free with pf_file_free. */
void scan_source(pf_file *f, const char *text);

#endif
