/* finish.c: the step that ends `audit` and `merge`: sort, baseline,
 * report, fix, exit status. */
#include <stdio.h>

#include "baseline.h"
#include "collect.h"
#include "colour.h"
#include "fix.h"
#include "finish.h"
#include "report.h"

const char *const audit_when_words[] = { "auto", "always", "never", NULL };

int audit_finish(audit *a)
{
	const audit_options *o = &a->opt;
	int res;

	audit_sort_findings(a);
	if (o->write_baseline &&
	    (res = audit_baseline_write(a, o->write_baseline)))
		return res;
	if (o->baseline && (res = audit_baseline_apply(a, o->baseline)))
		return res;
	audit_sort_notes(&a->failures);
	audit_sort_notes(&a->dropped);
	audit_sort_notes(&a->compile_errors);
	a->opt.colour = colour_wanted(o->color, stdout) == 1;
	audit_report(a);
	if (cli_check_stdout())
		return CLI_FAIL;
	if (o->fix && audit_fix_apply(a))
		return CLI_FAIL;
	return audit_exit_status(a);
}
