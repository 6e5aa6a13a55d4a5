/* report_formats.c: the table of the report's forms, and printing the
 * report in the one --format names. */
#include <string.h>

#include "report_formats.h"

const report_format report_formats[] = {
#define REPORT_FORMAT(name, write, help) { #name, write, help },
#include "report_formats.def"
#undef REPORT_FORMAT
	{ NULL, NULL, NULL },
};

const char *const report_format_names[] = {
#define REPORT_FORMAT(name, write, help) #name,
#include "report_formats.def"
#undef REPORT_FORMAT
	NULL,
};

void audit_report(const audit *a)
{
	for (const report_format *f = report_formats; f->name; f++)
		if (a->opt.format && !strcmp(f->name, a->opt.format)) {
			f->write(a);
			return;
		}
	audit_report_text(a);
}
