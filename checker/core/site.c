/* site.c: a site's readings, labels of a site and its slots, and finding
 * the slot a flag belongs in. */
#include <stdlib.h>

#include "accept.h"
#include "site.h"

static void forget_reads(fs_site *site)
{
	for (size_t i = 0; i < site->nreads; i++)
		fs_reading_free(&site->reads[i]);
	free(site->reads);
	site->reads = NULL;
	site->nreads = 0;
}

int fs_site_read(fs_site *site, size_t n,
		 const fs_value *(*value)(const void *ctx, size_t i),
		 const void *ctx)
{
	forget_reads(site);
	site->reads = calloc(n + 1, sizeof(fs_reading));
	if (!site->reads)
		return -1;
	for (; site->nreads < n; site->nreads++)
		if (fs_read_value(site->rules, value(ctx, site->nreads),
				  &site->reads[site->nreads]))
			return -1;
	return 0;
}

void fs_site_close(fs_site *site)
{
	forget_reads(site);
	free(site->slots);
	site->slots = NULL;
	site->nslots = 0;
}

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

const char *fs_site_getter(const fs_site *site, const fs_group *g,
			   const fs_accept *want)
{
	const fs_call_rule *calls = site->rules->calls.items;

	for (size_t i = 0; g && i < g->rules.count; i++) {
		const fs_call_rule *r = &calls[g->rules.items[i]];

		if (r->is_result && r->when.count &&
		    fs_accept_shares_ns(site->rules, &r->accept, want))
			return r->when.items[0].text;
	}
	return NULL;
}
