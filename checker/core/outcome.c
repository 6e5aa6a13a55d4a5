/* outcome.c: whether the code around a call asserts that it fails, and
 * which findings that asserted failure explains. */
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "outcome.h"

/* The macros whose comparison is an assertion, by name as written:
 * kselftest_harness.h's (and googletest's) ASSERT_EQ, EXPECT_NE ...,
 * and C's assert. */
static const char *const assertion_prefixes[] = { "ASSERT_", "EXPECT_" };
static const char *const assertion_names[] = { "assert" };

static int is_assertion_macro(const char *name)
{
	for (size_t i = 0; i < sizeof assertion_names / sizeof *assertion_names;
	     i++)
		if (!strcmp(name, assertion_names[i]))
			return 1;
	for (size_t i = 0;
	     i < sizeof assertion_prefixes / sizeof *assertion_prefixes; i++)
		if (!strncmp(name, assertion_prefixes[i],
			     strlen(assertion_prefixes[i])))
			return 1;
	return 0;
}

static fs_cmp negate(fs_cmp cmp)
{
	static const fs_cmp opposite[FS_CMP_COUNT] = {
		[FS_CMP_NONE] = FS_CMP_NONE, [FS_CMP_EQ] = FS_CMP_NE,
		[FS_CMP_NE] = FS_CMP_EQ,     [FS_CMP_LT] = FS_CMP_GE,
		[FS_CMP_LE] = FS_CMP_GT,     [FS_CMP_GT] = FS_CMP_LE,
		[FS_CMP_GE] = FS_CMP_LT,
	};

	return cmp < FS_CMP_COUNT ? opposite[cmp] : FS_CMP_NONE;
}

/* What the code asserts of the outcome with comparison c, or FS_CMP_NONE
 * when c asserts nothing (a plain expression, a macro that is not an
 * assertion). */
static fs_cmp asserted(const fs_compare *c)
{
	if (c->cmp == FS_CMP_NONE || c->cmp >= FS_CMP_COUNT)
		return FS_CMP_NONE;
	if (c->macro)
		return is_assertion_macro(c->macro) ? c->cmp : FS_CMP_NONE;
	if (c->place == FS_PLACE_TABLE)
		return c->cmp;
	if (c->place == FS_PLACE_CONDITION)
		return negate(c->cmp);
	return FS_CMP_NONE;
}

/* 2: `result <cmp> with` holds only for a failure (-1, -EINVAL, < 0);
 * 1: it holds for a failure of a call that returns 0 on success (!= 0),
 * which an errno assertion beside it confirms; 0: it does not say. */
static int result_fails(fs_cmp cmp, int64_t with)
{
	switch (cmp) {
	case FS_CMP_EQ:
	case FS_CMP_LE:
		return with < 0 ? 2 : 0;
	case FS_CMP_LT:
		return with <= 0 ? 2 : 0;
	case FS_CMP_NE:
		return with == 0;
	default:
		return 0;
	}
}

/* Written in an if's condition without an assertion macro. */
static int is_plain_condition(const fs_compare *c)
{
	return !c->macro && c->place == FS_PLACE_CONDITION;
}

int fs_outcome_asserts_failure(const fs_outcome *o, const char **error)
{
	const fs_compare *r = &o->result, *e = &o->error;
	int fails = result_fails(asserted(r), r->with);

	*error = NULL;
	if (fails == 2 && r->with_name && r->is_negated) {
		*error = r->with_name;
		return 1;
	}
	if (fails && asserted(e) == FS_CMP_EQ && e->with_name &&
	    !e->is_negated) {
		*error = e->with_name;
		return 1;
	}
	return fails == 2 && !is_plain_condition(r);
}

static int is_explained(const fs_finding *f, const char *error)
{
	if (f->harms_on_success)
		return 1;
	return f->fails_with && (!error || !strcmp(error, f->fails_with));
}

/* An outcome drops only findings that is_explained may hold for: those
 * that predict a failure or need success. */
int fs_findings_outcome_matters(const fs_findings *findings)
{
	for (size_t i = 0; findings && i < findings->count; i++)
		if (findings->items[i].harms_on_success ||
		    findings->items[i].fails_with)
			return 1;
	return 0;
}

static int drops_explained(const fs_finding *f, const void *error)
{
	return is_explained(f, error);
}

void fs_outcome_drop_explained(const fs_outcome *o, fs_findings *out,
			       size_t from)
{
	const char *error;

	if (!o || !out || !fs_outcome_asserts_failure(o, &error))
		return;
	fs_findings_drop_if(out, from, drops_explained, error);
}
