/* arch_verdict.c: whether a misplaced flag works by accident, architecture
 * by architecture: the same name may equal its replacement on one and not
 * on another (IPC_NOWAIT is O_NONBLOCK's value on x86-64, not on mips). */
#include <string.h>

#include "accept.h"
#include "arch.h"
#include "arch_verdict.h"

/* The member the equivalent rules offer for m in this slot, or FS_NONE. */
static size_t replacement(const fs_site *site, size_t slot, size_t m)
{
	const fs_rules *rules = site->rules;
	const fs_group *g = fs_model_equivalents(rules,
						 rules->members.items[m].name);

	for (size_t i = 0; g && i < g->rules.count; i++) {
		const fs_equivalent *e = &rules->equivalents.items[g->rules.items[i]];
		size_t to = e->never_merged ? FS_NONE
					    : fs_model_member(rules, e->to.text);

		if (to != FS_NONE &&
		    fs_accept_takes(rules, site->slots[slot].accept, to))
			return to;
	}
	return FS_NONE;
}

/* 1 when FROM and TO have one value on `arch`, 0 when not, -1 when one
 * of them does not exist there (the verdict says nothing of it). */
static int is_equal_on(const fs_rules *rules, size_t from, size_t to,
		       size_t arch)
{
	if (!fs_member_is_on(rules, from, arch) ||
	    !fs_member_is_on(rules, to, arch))
		return -1;
	return fs_member_value(rules, from, arch) ==
	       fs_member_value(rules, to, arch);
}

/* ", "-separated names of the architectures where equality is `equal`. */
static void put_arches(fs_buf *b, const fs_rules *rules, size_t from,
		       size_t to, int equal)
{
	size_t n = 0;

	for (size_t a = 0; a < rules->arches.count; a++)
		if (is_equal_on(rules, from, to, a) == equal)
			fs_buf_printf(b, "%s%s", n++ ? ", " : "",
				      rules->arches.items[a].name);
}

void fs_put_arch_verdict(fs_buf *b, const fs_site *site, size_t slot,
			 size_t m)
{
	const fs_rules *rules = site->rules;
	size_t here = site->arch;
	size_t to = replacement(site, slot, m);
	size_t equal = 0, unequal = 0;

	if (here == FS_NONE || to == FS_NONE)
		return;
	for (size_t a = 0; a < rules->arches.count; a++) {
		int eq = is_equal_on(rules, m, to, a);

		equal += eq == 1;
		unequal += eq == 0;
	}
	if (!equal || !unequal || is_equal_on(rules, m, to, here) < 0)
		return;
	if (is_equal_on(rules, m, to, here)) {
		fs_buf_printf(b, "; it works by accident on %s, not on ",
			      rules->arches.items[here].name);
		put_arches(b, rules, m, to, 0);
	} else {
		fs_buf_puts(b, "; it would work by accident on ");
		put_arches(b, rules, m, to, 1);
	}
}

int fs_arch_is_equal_here(const fs_site *site, size_t slot, size_t m,
			  int64_t v)
{
	size_t to = replacement(site, slot, m);

	return to != FS_NONE && fs_member_is_on(site->rules, to, site->arch) &&
	       fs_member_value(site->rules, to, site->arch) == v;
}
