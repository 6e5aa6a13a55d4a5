/* check_call.c: checks the flag arguments of a call against the rules of
 * its function, or of the system call a raw syscall() names. */
#include <stdlib.h>
#include <string.h>

#include "accept.h"
#include "arch.h"
#include "check_call.h"
#include "check_complement_in_setter.h"
#include "check_joint.h"
#include "check_mode_string.h"
#include "check_portability.h"
#include "check_swap.h"
#include "diagnose.h"
#include "fallback.h"
#include "findings.h"
#include "outcome.h"
#include "rules_query.h"

/* The system call number of a raw syscall(): one term, spelled SYS_x or
 * __NR_x. NULL otherwise. */
static const char *syscall_number(const fs_site *site)
{
	return site->nreads ? fs_reading_single_name(&site->reads[0]) : NULL;
}

/* The condition argument as the user spelled it when it is one of the
 * rule's when= names, else NULL. */
static const char *when_holds(const fs_call_rule *r, const fs_site *site,
			      size_t shift)
{
	size_t at = r->when_param.pos + shift;
	const char *name;

	if (at >= site->nreads ||
	    !(name = fs_reading_single_name(&site->reads[at])))
		return NULL;
	for (size_t i = 0; i < r->when.count; i++)
		if (!strcmp(r->when.items[i].text, name))
			return name;
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
				    pos, r->replaces, r->complement,
				    r->complement_note, &r->never };
	site->nslots++;
}

/* The rules that apply: for each position, a rule whose when= holds, else
 * the rule without when=. */
static int collect_slots(fs_site *site, const fs_group *g, size_t shift)
{
	const fs_call_rule *calls = site->rules->calls.items;

	site->slots = calloc(g->rules.count + 1, sizeof(fs_slot));
	if (!site->slots)
		return -1;
	for (size_t i = 0; i < g->rules.count; i++) {
		const fs_call_rule *r = &calls[g->rules.items[i]];
		const char *when = r->when.count ? when_holds(r, site, shift)
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
		    fs_diagnose_value(site, i, at))
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
	site->number = syscall_number(site);
	*shift = 1;
	return site->number ? fs_rules_syscall_group(rules, site->number)
			    : NULL;
}

static const fs_value *argument(const void *call, size_t i)
{
	return &((const fs_call *)call)->args[i];
}

/* Fills `site` with the readings of the arguments and the slots of a call
 * the rules describe. Returns 1 when there is something to check, 0 when
 * not, -1 when out of memory; fs_site_close frees what it holds. */
static int open_site(fs_site *site, const fs_call *call, int for_result,
		     const fs_group **g, size_t *shift)
{
	if (!site->rules || !call || !site->out || !call->callee ||
	    (!call->args && call->nargs))
		return 0;
	if (!fs_model_function(site->rules, call->callee) &&
	    strcmp(call->callee, "syscall"))
		return 0;
	if (fs_site_read(site, call->nargs, argument, call))
		return -1;
	if (!(*g = call_group(site->rules, call, site, shift)))
		return 0;
	site->arch = fs_arch_of_triple(site->rules, call->target);
	if (collect_slots(site, *g, *shift))
		return -1;
	keep_slots(site, for_result);
	return 1;
}

static const fs_value *the_mask(const void *mask, size_t i)
{
	(void)i;
	return mask;
}

int fs_check_result(const fs_rules *rules, const fs_call *call,
		    const fs_value *mask, fs_findings *out)
{
	fs_site site = { rules, 0, NULL, NULL, NULL, 0, out, FS_NONE, NULL, 0,
			 1 };
	const fs_group *g;
	size_t shift;
	int res;

	if (!mask)
		return 0;
	/* The result slots read the mask, not the arguments. */
	if ((res = open_site(&site, call, 1, &g, &shift)) > 0)
		res = fs_site_read(&site, 1, the_mask, mask);
	for (size_t i = 0; res == 0 && i < site.nslots; i++)
		res = fs_diagnose_value(&site, i, 0);
	fs_site_close(&site);
	return res < 0 ? -1 : 0;
}

/* "fcntl(F_GETFL) result holds O_* flags, but fcntl(F_SETFD) arg takes
 * FD_*: written back there its bits mean something else; use F_GETFD" */
static int report_written_back(const fs_site *outer, const fs_slot *to,
			       const fs_site *inner, const fs_slot *from,
			       const char *getter)
{
	fs_buf b = { 0 };

	fs_put_site_label(&b, inner, from->when);
	fs_buf_puts(&b, " result holds ");
	fs_put_expected(&b, inner->rules, from->accept);
	fs_buf_puts(&b, " flags, but ");
	fs_put_slot_label(&b, outer, to);
	fs_buf_puts(&b, " takes ");
	fs_put_expected(&b, outer->rules, to->accept);
	fs_buf_puts(&b, ": written back there, its bits mean something else");
	if (getter)
		fs_buf_printf(&b, "; use %s", getter);
	if (fs_findings_add(outer->out, FS_CHECK_WRONG_NAMESPACE, to->pos,
			    FS_WHOLE_VALUE, &b, NULL))
		return -1;
	fs_findings_say(outer->out, FS_SAYS_CHANGES);
	return 0;
}

static const fs_slot *slot_at_pos(const fs_site *site, size_t pos)
{
	for (size_t i = 0; i < site->nslots; i++)
		if (site->slots[i].pos == pos)
			return &site->slots[i];
	return NULL;
}

int fs_check_result_into(const fs_rules *rules, const fs_call *outer,
			 size_t arg, const fs_call *inner, fs_findings *out)
{
	fs_site o = { rules, 0, NULL, NULL, NULL, 0, out, FS_NONE, NULL, 0,
		      0 };
	fs_site i = o;
	const fs_group *og, *ig;
	const fs_slot *to, *from;
	size_t shift;
	int res;

	i.is_read = 1;
	if ((res = open_site(&o, outer, 0, &og, &shift)) > 0 &&
	    (res = open_site(&i, inner, 1, &ig, &shift)) > 0) {
		to = slot_at_pos(&o, arg);
		from = i.nslots ? &i.slots[0] : NULL;
		res = 0;
		if (to && from && !to->accept->is_number &&
		    !to->accept->is_zero &&
		    fs_accept_is_known(rules, to->accept) &&
		    fs_accept_is_known(rules, from->accept) &&
		    !fs_accept_shares_ns(rules, from->accept, to->accept))
			res = report_written_back(&o, to, &i, from,
						  fs_site_getter(&i, ig,
								 to->accept));
	}
	fs_site_close(&i);
	fs_site_close(&o);
	return res < 0 ? -1 : 0;
}

int fs_call_takes_ns(const fs_rules *rules, const fs_call *call, size_t arg,
		     size_t ns)
{
	fs_findings none = { 0 };
	fs_site site = { rules, 0, NULL, NULL, NULL, 0, &none, FS_NONE, NULL,
			 0, 0 };
	int result = arg == FS_WHOLE_VALUE;
	const fs_slot *slot = NULL;
	const fs_group *g;
	size_t shift;

	if (open_site(&site, call, result, &g, &shift) > 0)
		slot = result ? (site.nslots ? &site.slots[0] : NULL)
			      : slot_at_pos(&site, arg);
	result = slot && fs_accept_is_known(rules, slot->accept) &&
		 fs_accept_has_ns(rules, slot->accept, ns);
	fs_site_close(&site);
	return result;
}

int fs_check_call(const fs_rules *rules, const fs_call *call,
		  fs_findings *out)
{
	fs_site site = { rules, 0, NULL, NULL, NULL, 0, out, FS_NONE, NULL, 0,
			 0 };
	const fs_group *g;
	unsigned char *swapped = NULL;
	size_t shift, from = out ? out->count : 0;
	int res;

	if ((res = open_site(&site, call, 0, &g, &shift)) > 0) {
		swapped = calloc(call->nargs + 1, 1);
		res = !swapped || fs_check_call_swaps(&site, call, swapped) ||
		      check_slots(&site, call, swapped) ||
		      fs_check_call_modes(&site, &g->modes, call, shift) ||
		      fs_check_call_combos(&site, &g->combos, call, shift) ||
		      fs_check_call_complement_in_setter(&site, g) ||
		      fs_check_call_portability(&site, call, shift) ||
		      fs_check_call_mode_strings(&site, &g->modestrs, call,
						 shift)
			? -1 : 0;
		if (!res) {
			fs_outcome_drop_explained(&call->outcome, out, from);
			res = fs_drop_retried_without(&site, call, out, from);
		}
	}
	free(swapped);
	fs_site_close(&site);
	return res < 0 ? -1 : 0;
}
