/* report_formats.h: the forms of the audit's report, one table
 * (report_formats.def): text, JSON, SARIF, GitLab's Code Quality, HTML. */
#ifndef FS_REPORT_FORMATS_H
#define FS_REPORT_FORMATS_H

#include "audit.h"

typedef struct report_format {
	const char *name;		/* --format=<name> */
	void (*write)(const audit *a);	/* prints the report to stdout */
	const char *help;
} report_format;

/* Each form's writer, in its own file: audit_report.c (text, JSON),
 * audit_sarif.c, codequality.c (a JSON array of issues with paths
 * relative to the working directory), html.c (totals by check and
 * directory, each finding with its source, flag, bits and fix-it). */
#define REPORT_FORMAT(name, write, help) void write(const audit *a);
#include "report_formats.def"
#undef REPORT_FORMAT

/* The forms, in the .def's order, ended by a NULL name. */
extern const report_format report_formats[];
/* Their names, NULL-ended: --format's choices. */
extern const char *const report_format_names[];

/* Prints the report in opt.format (one of report_format_names; text
 * when it is none). */
void audit_report(const audit *a);

#endif
