/* check_record.c: checks the fields written in a struct against the field
 * rules of its record. */
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "check_joint.h"
#include "diagnose.h"
#include "outcome.h"

/* Every field rule of the record is a slot, written or not: a misplaced
 * flag may belong in a field the user did not write. */
static int collect_slots(fs_site *site, const fs_group *g)
{
	site->slots = calloc(g->rules.count + 1, sizeof(fs_slot));
	if (!site->slots)
		return -1;
	for (size_t i = 0; i < g->rules.count; i++) {
		const fs_field_rule *r =
			&site->rules->fields.items[g->rules.items[i]];

		site->slots[site->nslots++] = (fs_slot){
			.accept = &r->accept, .bits = r->bits,
			.param = r->field };
	}
	return 0;
}

static size_t find_slot(const fs_site *site, const char *field)
{
	for (size_t i = 0; i < site->nslots; i++)
		if (!strcmp(site->slots[i].param, field))
			return i;
	return FS_NONE;
}

static int check_fields(const fs_site *site, const fs_record *record)
{
	for (size_t i = 0; i < record->nfields; i++) {
		const fs_field *f = &record->fields[i];
		size_t slot = f->name ? find_slot(site, f->name) : FS_NONE;

		if (slot != FS_NONE && fs_diagnose_value(site, slot, i))
			return -1;
	}
	return 0;
}

static const fs_value *field_value(const void *record, size_t i)
{
	return &((const fs_record *)record)->fields[i].value;
}

/* Whether a field is toggled (`^=`): like a read's mask, its value may
 * hold what the field does, and only flags it cannot hold are reported. */
static int is_toggled(const fs_record *record)
{
	for (size_t i = 0; record && record->fields && i < record->nfields; i++)
		if (record->fields[i].is_toggle)
			return 1;
	return 0;
}

int fs_check_record(const fs_rules *rules, const fs_record *record,
		    fs_findings *out)
{
	fs_site site = { rules, 1, NULL, NULL, NULL, 0, out, FS_NONE, NULL, 0,
			 record ? record->is_read || is_toggled(record) : 0 };
	const fs_group *g;
	size_t from = out ? out->count : 0;
	int res;

	if (!rules || !record || !out || !record->record ||
	    (!record->fields && record->nfields))
		return 0;
	g = fs_model_record(rules, record->record);
	if (!g)
		return 0;
	site.name = record->record;
	site.arch = fs_arch_of_triple(rules, record->target);
	res = fs_site_read(&site, record->nfields, field_value, record) ||
	      collect_slots(&site, g) || check_fields(&site, record) ||
	      (!site.is_read &&
	       (fs_check_record_modes(&site, &g->modes, record) ||
		fs_check_record_combos(&site, &g->combos, record))) ? -1 : 0;
	if (!res)
		fs_outcome_drop_explained(&record->outcome, out, from);
	fs_site_close(&site);
	return res;
}
