/* consequences.h: a finding's consequence in the reports (the levels of
 * checker/core/consequences.def), and what fails the run (--fail-on). */
#ifndef FS_REPORT_CONSEQUENCES_H
#define FS_REPORT_CONSEQUENCES_H

#include <stddef.h>

#include "audit.h"
#include "flagspace.h"

/* The finding's class; one out of range (a bad report) is the worst. */
fs_consequence audit_consequence(const audit_finding *f);
/* Its word ("same-value"), SARIF level and GitLab Code Quality severity. */
const char *audit_consequence_name(const audit_finding *f);
const char *audit_sarif_level(const audit_finding *f);
const char *audit_codequality_severity(const audit_finding *f);

/* The findings of each class, worst first. */
void audit_count_consequences(const audit *a,
			      size_t counts[FS_CONSEQUENCE_COUNT]);
/* How many findings are of a class --fail-on lists (opt.fail_set). */
size_t audit_failing_findings(const audit *a);

/* Reads --fail-on into opt.fail_set: every class when not given (every
 * finding fails the run); CLI_FAIL after a one-line error for a word that
 * names no class. */
int audit_check_fail_on(audit_options *o);

#endif
