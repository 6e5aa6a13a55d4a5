/* check_flows.c: a wrapper's parameter checked through every inner call it
 * reaches: only what every one of them finds wrong is reported. */
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "flagspace.h"

/* A finding about the whole of a string the caller gives (a mode string
 * passed on as it is: the front end puts the caller's literal there). */
#define OUTER_STRING (FS_WHOLE_VALUE - 1)

/* The caller's term a finding of flow f is about, OUTER_STRING, or
 * FS_WHOLE_VALUE when it is about anything else (another argument, a term
 * the wrapper adds). */
static size_t outer_term(const fs_flow *f, const fs_finding *x)
{
	const fs_value *v;

	if (x->slot != f->arg || f->arg >= f->call.nargs)
		return FS_WHOLE_VALUE;
	v = &f->call.args[f->arg];
	if (x->term == FS_WHOLE_VALUE && v->string)
		return OUTER_STRING;
	if (x->term >= v->nterms || !f->outer)
		return FS_WHOLE_VALUE;
	return f->outer[x->term];
}

static int has_finding(const fs_flow *f, const fs_findings *found,
		       fs_check check, size_t outer)
{
	for (size_t i = 0; i < found->count; i++)
		if (found->items[i].check == check &&
		    outer_term(f, &found->items[i]) == outer)
			return 1;
	return 0;
}

/* Appends a copy of finding x to out. */
static int copy_finding(fs_findings *out, const fs_finding *x)
{
	fs_buf message = { 0 };
	int res;

	fs_buf_puts(&message, x->message);
	res = fs_findings_add(out, x->check, x->slot, x->term, &message,
			      x->fix);
	fs_buf_free(&message);
	if (!res) {
		fs_finding *copy = &out->items[out->count - 1];

		copy->swap_slot = x->swap_slot;
		copy->at_use = x->at_use;
		copy->fails_with = x->fails_with;
		copy->harms_on_success = x->harms_on_success;
		copy->consequence = x->consequence;
		copy->says = x->says;
		copy->fix_whole = x->fix_whole;
	}
	return res;
}

static int keep_agreed(const fs_flow *flows, size_t n, fs_findings *found,
		       fs_findings *out)
{
	for (size_t i = 0; i < found[0].count; i++) {
		const fs_finding *x = &found[0].items[i];
		size_t outer = outer_term(&flows[0], x);
		size_t f = 1;

		if (outer == FS_WHOLE_VALUE)
			continue;
		while (f < n && has_finding(&flows[f], &found[f], x->check,
					    outer))
			f++;
		if (f == n && copy_finding(out, x))
			return -1;
	}
	return 0;
}

/* Whether `alone` has a finding of x's check with x's message. */
static int has_same(const fs_findings *alone, const fs_finding *x)
{
	for (size_t i = 0; i < alone->count; i++)
		if (alone->items[i].check == x->check &&
		    !strcmp(alone->items[i].message, x->message))
			return 1;
	return 0;
}

/* The findings of the one flow f about its argument and no caller's term
 * that the wrapper's call as written (f->written) does not make: the
 * caller's value makes them, so they are the caller's, about the whole
 * argument it passes. */
static int keep_made_by_caller(const fs_rules *rules, const fs_flow *f,
			       const fs_findings *found, fs_findings *out)
{
	fs_findings alone = { 0 };
	fs_call call = f->call;
	fs_value *args;
	int res = 0;

	if (!f->written || f->arg >= f->call.nargs)
		return 0;
	args = malloc(call.nargs * sizeof(fs_value));
	if (!args)
		return -1;
	memcpy(args, call.args, call.nargs * sizeof(fs_value));
	args[f->arg] = *f->written;
	call.args = args;
	res = fs_check_call(rules, &call, &alone);
	for (size_t i = 0; !res && i < found->count; i++) {
		const fs_finding *x = &found->items[i];
		fs_finding *copy;

		if (x->slot != f->arg || outer_term(f, x) != FS_WHOLE_VALUE ||
		    has_same(&alone, x))
			continue;
		res = copy_finding(out, x);
		if (res)
			break;
		copy = &out->items[out->count - 1];
		copy->term = FS_WHOLE_VALUE;
		copy->at_use = 0;
		copy->fix_whole = 0;
		free(copy->fix);
		copy->fix = NULL;
	}
	fs_findings_free(&alone);
	free(args);
	return res;
}

int fs_check_flows(const fs_rules *rules, const fs_flow *flows, size_t n,
		   fs_findings *out)
{
	fs_findings *found;
	int res = 0;

	if (!rules || !flows || !n || !out)
		return 0;
	found = calloc(n, sizeof(fs_findings));
	if (!found)
		return -1;
	for (size_t f = 0; f < n && !res; f++)
		res = fs_check_call(rules, &flows[f].call, &found[f]);
	if (!res)
		res = keep_agreed(flows, n, found, out);
	if (!res && n == 1)
		res = keep_made_by_caller(rules, flows, found, out);
	for (size_t f = 0; f < n; f++)
		fs_findings_free(&found[f]);
	free(found);
	return res;
}
