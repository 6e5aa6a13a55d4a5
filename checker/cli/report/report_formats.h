/* report_formats.h: the audit's report in the forms of the review tools
 * that read it (beside text, JSON and SARIF, which audit.h declares). */
#ifndef FS_REPORT_FORMATS_H
#define FS_REPORT_FORMATS_H

#include "audit.h"

/* GitLab's Code Quality report (codequality.c): a JSON array of issues
 * with paths relative to the working directory. */
void audit_report_codequality(const audit *a);
/* One self-contained HTML page (html.c): totals by check and directory,
 * each finding with its source, flag, bits and fix-it, filters. */
void audit_report_html(const audit *a);

#endif
