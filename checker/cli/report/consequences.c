/* consequences.c: a finding's consequence in the reports (the levels the
 * engine reads from checker/core/consequences.def), and what fails the
 * run (--fail-on). */
#include <string.h>

#include "consequences.h"
#include "cli.h"

fs_consequence audit_consequence(const audit_finding *f)
{
	return f->consequence >= 0 && f->consequence < FS_CONSEQUENCE_COUNT
		? (fs_consequence)f->consequence : FS_CONSEQUENCE_FAILS;
}

const char *audit_consequence_name(const audit_finding *f)
{
	return fs_consequence_name(audit_consequence(f));
}

const char *audit_sarif_level(const audit_finding *f)
{
	return fs_consequence_text_of(audit_consequence(f))->sarif_level;
}

const char *audit_codequality_severity(const audit_finding *f)
{
	return fs_consequence_text_of(audit_consequence(f))->codequality;
}

void audit_count_consequences(const audit *a,
			      size_t counts[FS_CONSEQUENCE_COUNT])
{
	for (size_t c = 0; c < FS_CONSEQUENCE_COUNT; c++)
		counts[c] = 0;
	for (size_t i = 0; i < a->findings.count; i++)
		counts[audit_consequence(&a->findings.items[i])]++;
}

size_t audit_failing_findings(const audit *a)
{
	size_t n = 0;

	for (size_t i = 0; i < a->findings.count; i++)
		n += (a->opt.fail_set >>
		      audit_consequence(&a->findings.items[i])) & 1u;
	return n;
}

int audit_check_fail_on(audit_options *o)
{
	const char *bad = NULL;
	size_t len = 0;

	o->fail_set = FS_CONSEQUENCES_ALL;
	if (!o->fail_on)
		return CLI_OK;
	bad = o->fail_on;
	/* Nothing at all is refused: an unset variable in a CI script would
	 * otherwise fail the run on nothing. */
	if (!o->fail_on[strspn(o->fail_on, " \t")] ||
	    fs_consequences_parse(o->fail_on, &o->fail_set, &bad, &len))
		return cli_error("invalid --fail-on '%s': '%.*s' is not one of "
				 "fails, misbehaves, ignored, same-value, "
				 "deprecated, all, none", o->fail_on, (int)len,
				 bad);
	return CLI_OK;
}
