/* check_call.c: checks the flag arguments of a call against the rules of
 * its function, or of the system call a raw syscall() names. */
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "check_mode.h"
#include "check_swap.h"
#include "diagnose.h"
#include "rules_query.h"

/* The system call number of a raw syscall(): one term, spelled SYS_x or
 * __NR_x. NULL otherwise. */
static const char *syscall_number(const fs_call *call)
{
	const fs_value *v;

	if (call->nargs == 0)
		return NULL;
	v = &call->args[0];
	if (v->nterms != 1 || v->has_unknown || !v->terms[0].name)
		return NULL;
	return v->terms[0].name;
}

/* The condition argument as the user spelled it when it is one of the
 * rule's when= names, else NULL. */
static const char *when_holds(const fs_call_rule *r, const fs_call *call,
			      size_t shift)
{
	size_t at = r->when_param.pos + shift;
	const fs_value *v;

	if (at >= call->nargs)
		return NULL;
	v = &call->args[at];
	if (v->nterms != 1 || v->has_unknown || !v->terms[0].name)
		return NULL;
	for (size_t i = 0; i < r->when.count; i++)
		if (!strcmp(r->when.items[i].text, v->terms[0].name))
			return v->terms[0].name;
	return NULL;
}

static int has_slot_at(const fs_site *site, size_t pos)
{
	for (size_t i = 0; i < site->nslots; i++)
		if (site->slots[i].pos == pos)
			return 1;
	return 0;
}

/* Adds the slot of rule r unless its position is taken. Slots stay sorted
 * by position, so "the first other argument" reads left to right. */
static void add_slot(fs_site *site, const fs_call_rule *r, const char *when,
		     size_t shift)
{
	size_t pos = r->param.pos + shift;
	size_t k = site->nslots;

	if (has_slot_at(site, pos))
		return;
	while (k > 0 && site->slots[k - 1].pos > pos) {
		site->slots[k] = site->slots[k - 1];
		k--;
	}
	site->slots[k] = (fs_slot){ &r->accept, r->bits, r->param.name, when,
				    pos };
	site->nslots++;
}

/* The rules that apply: for each position, a rule whose when= holds, else
 * the rule without when=. */
static int collect_slots(fs_site *site, const fs_group *g,
			 const fs_call *call, size_t shift)
{
	const fs_call_rule *calls = site->rules->calls.items;

	site->slots = calloc(g->rules.count + 1, sizeof(fs_slot));
	if (!site->slots)
		return -1;
	for (size_t i = 0; i < g->rules.count; i++) {
		const fs_call_rule *r = &calls[g->rules.items[i]];
		const char *when = r->when.count ? when_holds(r, call, shift)
						 : NULL;

		if (when)
			add_slot(site, r, when, shift);
	}
	for (size_t i = 0; i < g->rules.count; i++)
		if (!calls[g->rules.items[i]].when.count)
			add_slot(site, &calls[g->rules.items[i]], NULL, shift);
	return 0;
}

/* Diagnoses each argument, except those a swapped-arguments finding
 * already covers. */
static int check_slots(const fs_site *site, const fs_call *call,
		       const unsigned char *swapped)
{
	for (size_t i = 0; i < site->nslots; i++) {
		size_t at = site->slots[i].pos;

		/* An absent argument: needs-mode reports what matters. */
		if (at < call->nargs && !swapped[at] &&
		    fs_diagnose_value(site, i, &call->args[at], at))
			return -1;
	}
	return 0;
}

/* Keeps the result slots, or the argument slots: neither is a sibling of
 * the other (a flag misplaced in an argument does not belong in the
 * result). */
static void keep_slots(fs_site *site, int results)
{
	size_t k = 0;

	for (size_t i = 0; i < site->nslots; i++)
		if ((site->slots[i].pos >= FS_RESULT_POS) == !!results)
			site->slots[k++] = site->slots[i];
	site->nslots = k;
}

/* The rules of the call's function, or of the system call a raw syscall()
 * names; *shift is 1 for the latter. NULL when there are none. */
static const fs_group *call_group(const fs_rules *rules, const fs_call *call,
				  fs_site *site, size_t *shift)
{
	site->name = call->callee;
	*shift = 0;
	if (strcmp(call->callee, "syscall"))
		return fs_model_function(rules, call->callee);
	site->number = syscall_number(call);
	*shift = 1;
	return site->number ? fs_rules_syscall_group(rules, site->number)
			    : NULL;
}

/* Fills `site` with the slots of a call the rules describe. Returns 1 when
 * there is something to check, 0 when not (nothing allocated), -1 when out
 * of memory. */
static int open_site(fs_site *site, const fs_call *call, int for_result,
		     const fs_group **g, size_t *shift)
{
	if (!site->rules || !call || !site->out || !call->callee ||
	    (!call->args && call->nargs))
		return 0;
	if (!(*g = call_group(site->rules, call, site, shift)))
		return 0;
	site->arch = fs_arch_of_triple(site->rules, call->target);
	if (collect_slots(site, *g, call, *shift)) {
		free(site->slots);
		return -1;
	}
	keep_slots(site, for_result);
	return 1;
}

int fs_check_result(const fs_rules *rules, const fs_call *call,
		    const fs_value *mask, fs_findings *out)
{
	fs_site site = { rules, 0, NULL, NULL, NULL, 0, out, FS_NONE };
	const fs_group *g;
	size_t shift;
	int res;

	if (!mask)
		return 0;
	if ((res = open_site(&site, call, 1, &g, &shift)) <= 0)
		return res;
	res = 0;
	for (size_t i = 0; i < site.nslots && !res; i++)
		res = fs_diagnose_value(&site, i, mask, 0);
	free(site.slots);
	return res;
}

int fs_check_call(const fs_rules *rules, const fs_call *call,
		  fs_findings *out)
{
	fs_site site = { rules, 0, NULL, NULL, NULL, 0, out, FS_NONE };
	const fs_group *g;
	unsigned char *swapped;
	size_t shift;
	int res;

	if ((res = open_site(&site, call, 0, &g, &shift)) <= 0)
		return res;
	swapped = calloc(call->nargs + 1, 1);
	res = !swapped || fs_check_call_swaps(&site, call, swapped) ||
	      check_slots(&site, call, swapped) ||
	      fs_check_call_modes(&site, &g->modes, call, shift) ? -1 : 0;
	free(swapped);
	free(site.slots);
	return res;
}
