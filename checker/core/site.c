/* site.c: labels of a site and its slots, and finding the slot a flag
 * belongs in. */
#include "accept.h"
#include "site.h"

void fs_put_site_label(fs_buf *b, const fs_site *site, const char *when)
{
	if (site->is_record)
		fs_buf_puts(b, site->name);
	else if (site->number)
		fs_buf_printf(b, "syscall(%s%s%s)", site->number,
			      when ? ", " : "", when ? when : "");
	else
		fs_buf_printf(b, "%s(%s)", site->name, when ? when : "");
}

void fs_put_param_label(fs_buf *b, const fs_site *site, const char *param,
			const char *when)
{
	fs_put_site_label(b, site, when);
	fs_buf_printf(b, "%s%s", site->is_record ? "." : " ", param);
}

void fs_put_slot_label(fs_buf *b, const fs_site *site, const fs_slot *slot)
{
	fs_put_param_label(b, site, slot->param, slot->when);
}

size_t fs_site_find_slot(const fs_site *site, size_t skip, size_t m,
			 int whole_ns)
{
	size_t ns = site->rules->members.items[m].ns;

	for (size_t i = 0; i < site->nslots; i++) {
		const fs_accept *accept = site->slots[i].accept;

		if (i == skip)
			continue;
		if (whole_ns ? fs_accept_has_ns(site->rules, accept, ns)
			     : fs_accept_takes(site->rules, accept, m))
			return i;
	}
	return FS_NONE;
}
