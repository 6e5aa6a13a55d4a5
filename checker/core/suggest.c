/* suggest.c: builds the suggestions of a wrong-namespace finding from the
 * equivalent rules, nearest first: this slot, another slot, never merged. */
#include <stdlib.h>
#include <string.h>

#include "accept.h"
#include "suggest.h"

/* One replacement to offer: TO, in this slot or in another one. */
typedef struct offer {
	const fs_equivalent *e;
	size_t slot;		/* FS_NONE: this slot */
} offer;

typedef struct suggester {
	fs_buf *b;
	const fs_site *site;
	size_t slot;
	size_t parts;		/* "; "-separated parts written so far */
	offer *offers;		/* this slot's first, then other slots' */
	size_t noffers;
	size_t here;		/* offers for this slot */
} suggester;

static const fs_equivalent *equivalent(const fs_rules *rules, size_t id)
{
	return &rules->equivalents.items[id];
}

/* TO as a member that may be offered, or FS_NONE. */
static size_t usable_to(const fs_rules *rules, const fs_equivalent *e)
{
	return e->never_merged ? FS_NONE : fs_model_member(rules, e->to.text);
}

/* The slot taking e's TO: this one (FS_NONE), another, or none at all
 * (*found cleared). */
static size_t offer_slot(const suggester *s, const fs_equivalent *e,
			 int *found)
{
	const fs_rules *rules = s->site->rules;
	size_t to = usable_to(rules, e);
	size_t k;

	*found = to != FS_NONE;
	if (!*found ||
	    fs_accept_takes(rules, s->site->slots[s->slot].accept, to))
		return FS_NONE;
	k = fs_site_find_slot(s->site, s->slot, to, 0);
	*found = k != FS_NONE;
	return k;
}

static void add_offer(suggester *s, const fs_equivalent *e, int here)
{
	int found;
	size_t k = offer_slot(s, e, &found);

	if (found && (k == FS_NONE) == here)
		s->offers[s->noffers++] = (offer){ e, k };
}

/* Collects this slot's offers, then the other slots', in rule order. */
static int collect_offers(suggester *s, const fs_ids *ids)
{
	const fs_rules *rules = s->site->rules;

	s->offers = malloc((ids->count + 1) * sizeof(offer));
	if (!s->offers)
		return -1;
	for (size_t i = 0; i < ids->count; i++)
		add_offer(s, equivalent(rules, ids->items[i]), 1);
	s->here = s->noffers;
	for (size_t i = 0; i < ids->count; i++)
		add_offer(s, equivalent(rules, ids->items[i]), 0);
	return 0;
}

static void start_part(suggester *s)
{
	fs_buf_puts(s->b, "; ");
	s->parts++;
}

/* "use TO", "or TO in <PARAM>"; the scope tells the offers apart, so it is
 * only shown when there are two or more. */
static void put_offers(suggester *s)
{
	for (size_t i = 0; i < s->noffers; i++) {
		const offer *o = &s->offers[i];

		fs_buf_printf(s->b, "; %s %s", s->parts ? "or" : "use",
			      o->e->to.text);
		s->parts++;
		if (o->slot != FS_NONE) {
			fs_buf_puts(s->b, " in ");
			fs_put_slot_label(s->b, s->site,
					  &s->site->slots[o->slot]);
		}
		if (o->e->scope && s->noffers > 1)
			fs_buf_printf(s->b, " for %s", o->e->scope);
	}
}

/* The namespace a never-merged name would have had: the one whose prefix
 * starts it (the longest), or FS_NONE. */
static size_t namespace_by_prefix(const fs_rules *rules, const char *name)
{
	size_t best = FS_NONE, best_len = 0;

	for (size_t i = 0; i < rules->namespaces.count; i++) {
		const char *prefix = rules->namespaces.items[i].prefix;
		size_t n = strlen(prefix);

		if (n > best_len && !strncmp(name, prefix, n)) {
			best = i;
			best_len = n;
		}
	}
	return best;
}

/* A never-merged name is only news where its namespace is expected (a
 * RESOLVE_ proposal means nothing to open()). */
static int is_relevant(const suggester *s, const fs_equivalent *e)
{
	const fs_site *site = s->site;
	size_t m = fs_model_member(site->rules, e->to.text);
	size_t ns = m != FS_NONE ? site->rules->members.items[m].ns
				 : namespace_by_prefix(site->rules, e->to.text);

	if (ns == FS_NONE)
		return 1;
	for (size_t i = 0; i < site->nslots; i++)
		if (fs_accept_has_ns(site->rules, site->slots[i].accept, ns))
			return 1;
	return 0;
}

static void put_never_merged(suggester *s, const fs_ids *ids)
{
	const fs_rules *rules = s->site->rules;
	size_t n = 0;

	for (size_t i = 0; i < ids->count; i++) {
		const fs_equivalent *e = equivalent(rules, ids->items[i]);

		if (!e->never_merged || !is_relevant(s, e))
			continue;
		if (!n++)
			start_part(s);
		fs_buf_printf(s->b, "%s%s", n > 1 ? ", " : "", e->to.text);
	}
	if (n)
		fs_buf_printf(s->b, " %s proposed in 2020 but never reached "
			      "the kernel", n > 1 ? "were" : "was");
}

/* Without an equivalent, say where the flag's own namespace is taken. */
static void put_home(suggester *s, size_t m)
{
	size_t k;

	if (s->parts || s->site->is_record)
		return;
	k = fs_site_find_slot(s->site, s->slot, m, 1);
	if (k == FS_NONE)
		return;
	start_part(s);
	fs_buf_puts(s->b, "it belongs in ");
	fs_put_slot_label(s->b, s->site, &s->site->slots[k]);
}

void fs_put_suggestions(fs_buf *b, const fs_site *site, size_t slot,
			size_t m, const char **fix)
{
	const fs_rules *rules = site->rules;
	const fs_group *g = fs_model_equivalents(rules,
						 rules->members.items[m].name);
	suggester s = { b, site, slot, 0, NULL, 0, 0 };

	*fix = NULL;
	if (g && collect_offers(&s, &g->rules)) {
		b->failed = 1;
		return;
	}
	put_offers(&s);
	if (g)
		put_never_merged(&s, &g->rules);
	put_home(&s, m);
	/* A fix only when there is no choice to make: one offer, for this
	 * slot, marked certain. */
	if (s.noffers == 1 && s.here == 1 && s.offers[0].e->certain)
		*fix = s.offers[0].e->to.text;
	free(s.offers);
}
