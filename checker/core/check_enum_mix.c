/* check_enum_mix.c: values of one enumeration or'ed together, as if they
 * were flags (madvise(p, n, MADV_DONTFORK|MADV_DONTDUMP)). */
#include "accept.h"
#include "check_enum_mix.h"
#include "decode.h"
#include "findings.h"
#include "message.h"

/* The enumeration term i is a member of, when it counts, else FS_NONE. */
static size_t enum_of(const fs_rules *rules, const fs_accept *accept,
		      const fs_reading *reading, size_t i)
{
	const fs_term *t = &reading->value->terms[i];
	size_t m;
	int64_t v;
	const fs_member *member;

	if (!t->name || !fs_reading_sets(reading, i, 1))
		return FS_NONE;
	m = fs_model_member(rules, t->name);
	if (m == FS_NONE || !fs_term_value(rules, t, &v) || v == 0)
		return FS_NONE;
	member = &rules->members.items[m];
	if (!rules->namespaces.items[member->ns].is_enum ||
	    fs_accept_fit(rules, accept, m) != FS_FIT_OK)
		return FS_NONE;
	return member->ns;
}

/* "<B> is or'ed with <A>, but <P*> are values, not flags: in <PARAM>
 * <VALUE> <DECODE>" */
static int report(const fs_site *site, const fs_slot *s, size_t at,
		  const fs_value *value, size_t first, size_t second,
		  int64_t merged)
{
	const fs_rules *rules = site->rules;
	const char *a = value->terms[first].name, *b = value->terms[second].name;
	fs_buf m = { 0 };

	fs_buf_printf(&m, "%s is or'ed with %s, but ", b, a);
	fs_put_prefix(&m, rules, rules->members.items[
		fs_model_member(rules, b)].ns);
	fs_buf_puts(&m, " are values, not flags: in ");
	fs_put_slot_label(&m, site, s);
	fs_buf_putn(&m, " ", 1);
	fs_put_value(&m, merged);
	fs_buf_putn(&m, " ", 1);
	fs_decoded how;

	if (fs_put_decode_at(&m, rules, site->arch, s->accept, merged, &how))
		fs_put_effect_suffix(&m, s->bits);
	if (fs_findings_add(site->out, FS_CHECK_UNSUPPORTED_FLAG, at, second,
			    &m, NULL)) {
		fs_buf_free(&m);
		return -1;
	}
	fs_findings_say_decoded(site->out, &how, s->bits);
	return 0;
}

int fs_check_enum_mix(const fs_site *site, size_t slot, size_t at)
{
	const fs_slot *s = &site->slots[slot];
	const fs_reading *reading = &site->reads[at];
	const fs_value *value = reading->value;

	for (size_t i = 0; i < value->nterms; i++) {
		size_t ns = enum_of(site->rules, s->accept, reading, i);
		int64_t merged = 0, v;
		size_t second = FS_NONE;

		if (ns == FS_NONE)
			continue;
		for (size_t k = i; k < value->nterms; k++) {
			if (enum_of(site->rules, s->accept, reading, k) != ns)
				continue;
			fs_term_value(site->rules, &value->terms[k], &v);
			merged |= v;
			if (k > i && second == FS_NONE)
				second = k;
		}
		/* One finding per value, for its first enumeration. */
		if (second != FS_NONE)
			return report(site, s, at, value, i, second, merged);
	}
	return 0;
}
