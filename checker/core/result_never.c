/* result_never.c: a call's result tested for a flag of its namespace that
 * it never holds (`never=` of a `result` rule): `fcntl(fd, F_GETFL) &
 * O_CLOEXEC` is always false. */
#include <string.h>

#include "accept.h"
#include "findings.h"
#include "result_never.h"

/* Whether the slot's `never=` names member m. */
static int is_never(const fs_site *site, const fs_slot *s, size_t m)
{
	const char *name = site->rules->members.items[m].name;

	for (size_t i = 0; s->never && i < s->never->count; i++)
		if (!strcmp(s->never->items[i].text, name))
			return 1;
	return 0;
}

/* The getter of the site's function whose result holds a certain
 * equivalent of member m (F_GETFD for O_CLOEXEC, which means FD_CLOEXEC):
 * its when= name, with the equivalent in *flag; NULL when none. */
static const char *getter_of_equivalent(const fs_site *site, size_t m,
					const char **flag)
{
	const fs_rules *rules = site->rules;
	const fs_group *eq = fs_model_equivalents(rules,
						  rules->members.items[m].name);
	const fs_group *g = site->number ? NULL
					 : fs_model_function(rules, site->name);

	for (size_t i = 0; eq && g && i < eq->rules.count; i++) {
		const fs_equivalent *e = &rules->equivalents.items[eq->rules.items[i]];
		size_t to = fs_model_member(rules, e->to.text);

		for (size_t j = 0; e->certain && to != FS_NONE &&
				   j < g->rules.count; j++) {
			const fs_call_rule *r = &rules->calls.items[g->rules.items[j]];

			if (r->is_result && r->when.count &&
			    fs_accept_takes(rules, &r->accept, to)) {
				*flag = e->to.text;
				return r->when.items[0].text;
			}
		}
	}
	return NULL;
}

int fs_report_never(const fs_site *site, size_t slot, size_t at,
		    size_t index, size_t m)
{
	const fs_slot *s = &site->slots[slot];
	const char *flag = NULL, *getter;
	fs_buf b = { 0 };

	if (!site->is_read || !is_never(site, s, m))
		return 0;
	fs_buf_printf(&b, "%s is never in ", site->rules->members.items[m].name);
	fs_put_slot_label(&b, site, s);
	fs_buf_puts(&b, ", so a test for it is always false");
	if ((getter = getter_of_equivalent(site, m, &flag))) {
		fs_buf_puts(&b, "; test the ");
		fs_put_site_label(&b, site, getter);
		fs_buf_printf(&b, " result for %s", flag);
	}
	if (fs_findings_add(site->out, FS_CHECK_UNSUPPORTED_FLAG, at, index,
			    &b, NULL))
		return -1;
	fs_findings_say(site->out, FS_SAYS_WRONG_TEST);
	return 0;
}
