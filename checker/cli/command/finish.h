/* finish.h: what `audit` and `merge` share: the options of the report and
 * of the exit status, and the step that ends both. */
#ifndef FS_FINISH_H
#define FS_FINISH_H

#include <stddef.h>

#include "audit.h"
#include "report_formats.h"

/* Rows of an options table over audit_options (cli.h). */
#define AUDIT_OPT(field) offsetof(audit_options, field)
#define AUDIT_OPTION_FORMAT \
	{ .long_name = "format", .kind = CLI_OPT_CHOICE, \
	  .offset = AUDIT_OPT(format), .choices = report_format_names, \
	  .help = "the report's form (default: text)" }
#define AUDIT_OPTION_COLOR \
	{ .long_name = "color", .kind = CLI_OPT_CHOICE, \
	  .offset = AUDIT_OPT(color), .arg = "<when>", \
	  .choices = audit_when_words, \
	  .help = "colour the text report: auto (on a terminal, without " \
		  "$NO_COLOR), always or never" }
#define AUDIT_OPTION_ALLOW_INCOMPLETE \
	{ .long_name = "allow-incomplete", .kind = CLI_OPT_FLAG, \
	  .offset = AUDIT_OPT(allow_incomplete), \
	  .help = "exit 0 or 1 even when units were not analysed or had " \
		  "compile errors (else 3)" }
#define AUDIT_OPTION_FAIL_ON \
	{ .long_name = "fail-on", .kind = CLI_OPT_WORDS, \
	  .offset = AUDIT_OPT(fail_on), .arg = "<consequence>", \
	  .help = "exit 1 only for findings of these consequences: fails, " \
		  "misbehaves, ignored, same-value, deprecated, all, none " \
		  "(default: all)" }

/* --color's and --progress's words: auto, always, never. */
extern const char *const audit_when_words[];

/* Ends an audit or a merge once its findings and notes are in `a`: sorts
 * them (a header's finding once), writes and applies the baselines
 * (--write-baseline, --baseline), prints the report in opt.format,
 * applies the fixes (--fix, after the report, which shows each finding's
 * line as analysed), and returns the exit status (audit_exit_status), or
 * CLI_FAIL when a step failed after its one-line error. */
int audit_finish(audit *a);

#endif
