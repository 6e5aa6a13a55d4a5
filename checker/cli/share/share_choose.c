/* share_choose.c: which header sets to precompile. A candidate is a
 * shareable header (its anchor) that enough units include; its set is
 * what every one of those units includes and may share, so any unit
 * including the anchor may use it. Sets are chosen greedily by the bytes
 * of headers they save over what each unit already has; a unit gets the
 * largest chosen set whose anchor it includes. Headers are bits: 300
 * units of 800 headers make a few million word operations. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "share.h"

typedef struct header {
	const char *path;	/* the units' own string */
	size_t size;
	int ok;			/* shareable */
} header;

typedef struct cand {
	size_t anchor;		/* a header */
	size_t weight;		/* bytes of its set */
	uint64_t *set;
	int chosen;
} cand;

typedef struct chooser {
	const share_deps *units;
	size_t nunits, words;	/* words of a header bitset */
	strset index;		/* path -> header */
	AUDIT_VEC(header) hs;
	uint64_t *has;		/* per unit: its shareable headers */
	AUDIT_VEC(cand) cands;
	size_t *best;		/* per unit: the weight it has so far */
} chooser;

static int bit(const uint64_t *b, size_t i)
{
	return (int)(b[i / 64] >> (i % 64) & 1);
}

static uint64_t *unit_bits(const chooser *c, size_t u)
{
	return c->has + u * c->words;
}

/* Each file of the units once, with what the caller says of it; a main
 * file is never shareable. */
static int index_headers(chooser *c, share_header_fn *fn, void *ctx)
{
	strset mains = { 0 };
	int res = 0;

	for (size_t u = 0; u < c->nunits && !res; u++)
		if (c->units[u].files.count)
			res = strset_put(&mains, c->units[u].files.items[0], u);
	for (size_t u = 0; u < c->nunits && !res; u++)
		for (size_t k = 1; k < c->units[u].files.count && !res; k++) {
			const char *path = c->units[u].files.items[k];
			header *h;

			if (strset_get(&c->index, path) != STRSET_NONE)
				continue;
			if (strset_put(&c->index, path, c->hs.count) ||
			    !(h = AUDIT_PUSH(&c->hs))) {
				res = -1;
				break;
			}
			h->path = path;
			if (strset_get(&mains, path) == STRSET_NONE &&
			    (h->ok = fn(ctx, path, &h->size)) < 0)
				res = -1;
		}
	strset_free(&mains);
	return res;
}

static int unit_sets(chooser *c)
{
	c->words = (c->hs.count + 63) / 64;
	c->has = calloc(c->nunits * c->words + 1, sizeof(uint64_t));
	c->best = calloc(c->nunits + 1, sizeof(size_t));
	if (!c->has || !c->best)
		return -1;
	for (size_t u = 0; u < c->nunits; u++)
		for (size_t k = 1; k < c->units[u].files.count; k++) {
			size_t h = strset_get(&c->index,
					      c->units[u].files.items[k]);

			if (c->hs.items[h].ok)
				unit_bits(c, u)[h / 64] |= (uint64_t)1 << h % 64;
		}
	return 0;
}

/* The candidate of anchor a, when at least min_units units include it:
 * the headers all of them include, and their bytes. */
static int add_cand(chooser *c, size_t a, size_t min_units)
{
	size_t users = 0;
	uint64_t *set = malloc(c->words * sizeof(uint64_t));
	cand *k;

	if (!set)
		return -1;
	memset(set, 0xff, c->words * sizeof(uint64_t));
	for (size_t u = 0; u < c->nunits; u++)
		if (bit(unit_bits(c, u), a)) {
			users++;
			for (size_t w = 0; w < c->words; w++)
				set[w] &= unit_bits(c, u)[w];
		}
	if (users < min_units || !(k = AUDIT_PUSH(&c->cands))) {
		free(set);
		return users < min_units ? 0 : -1;
	}
	k->anchor = a;
	k->set = set;
	for (size_t h = 0; h < c->hs.count; h++)
		if (bit(set, h))
			k->weight += c->hs.items[h].size;
	return 0;
}

/* What choosing k adds over the units that include its anchor. */
static unsigned long long gain(const chooser *c, const cand *k)
{
	unsigned long long g = 0;

	for (size_t u = 0; u < c->nunits; u++)
		if (bit(unit_bits(c, u), k->anchor) && k->weight > c->best[u])
			g += k->weight - c->best[u];
	return g;
}

/* The candidate of most gain (the smaller anchor path on a tie), or NULL
 * when none gains. */
static cand *pick(chooser *c)
{
	unsigned long long top = 0;
	cand *pk = NULL;

	for (size_t i = 0; i < c->cands.count; i++) {
		cand *k = &c->cands.items[i];
		unsigned long long g = k->chosen ? 0 : gain(c, k);

		if (g && (g > top || (g == top &&
				      strcmp(c->hs.items[k->anchor].path,
					     c->hs.items[pk->anchor].path) < 0))) {
			top = g;
			pk = k;
		}
	}
	return pk;
}

/* The set of k as a share_pch: its headers in the order the first unit
 * including the anchor opened them, which including them in that order
 * reproduces. */
static int emit(chooser *c, cand *k, share_pch *p)
{
	const share_deps *d = c->units;

	while (!bit(unit_bits(c, (size_t)(d - c->units)), k->anchor))
		d++;
	if (!(p->anchor = strdup(c->hs.items[k->anchor].path)))
		return -1;
	p->bytes = k->weight;
	for (size_t i = 1; i < d->files.count; i++) {
		size_t h = strset_get(&c->index, d->files.items[i]);
		char **slot;

		if (!bit(k->set, h))
			continue;
		k->set[h / 64] &= ~((uint64_t)1 << h % 64);	/* once */
		if (!(slot = AUDIT_PUSH(&p->headers)) ||
		    !(*slot = strdup(d->files.items[i])))
			return -1;
	}
	return 0;
}

static int choose_sets(chooser *c, const share_limits *lim, share_plan *out)
{
	cand *k;

	while (out->pchs.count < lim->max_pchs && (k = pick(c))) {
		share_pch *p = AUDIT_PUSH(&out->pchs);

		if (!p)
			return -1;
		k->chosen = 1;
		for (size_t u = 0; u < c->nunits; u++)
			if (bit(unit_bits(c, u), k->anchor) &&
			    k->weight > c->best[u])
				c->best[u] = k->weight;
		if (emit(c, k, p))
			return -1;
	}
	return 0;
}

/* Each unit: the largest chosen set whose anchor it includes (the first
 * chosen on a tie), its headers all among the unit's own. */
static int assign(chooser *c, share_plan *out)
{
	if (!(out->unit_pch = calloc(c->nunits + 1, sizeof(int))))
		return -1;
	for (size_t u = 0; u < c->nunits; u++) {
		int best = -1;

		for (size_t i = 0; i < out->pchs.count; i++) {
			share_pch *p = &out->pchs.items[i];
			size_t a = strset_get(&c->index, p->anchor);

			if (bit(unit_bits(c, u), a) &&
			    (best < 0 || p->bytes > out->pchs.items[best].bytes))
				best = (int)i;
		}
		out->unit_pch[u] = best;
		if (best >= 0)
			out->pchs.items[best].users++;
	}
	return 0;
}

static void chooser_free(chooser *c)
{
	strset_free(&c->index);
	free(c->hs.items);
	free(c->has);
	free(c->best);
	for (size_t i = 0; i < c->cands.count; i++)
		free(c->cands.items[i].set);
	free(c->cands.items);
}

int share_choose(const share_deps *units, size_t nunits,
		 const share_limits *lim, share_header_fn *fn, void *ctx,
		 share_plan *out)
{
	chooser c = { 0 };
	size_t min_units = lim->min_units ? lim->min_units : 1;
	int res;

	memset(out, 0, sizeof(*out));
	c.units = units;
	c.nunits = nunits;
	res = index_headers(&c, fn, ctx);
	if (!res)
		res = unit_sets(&c);
	for (size_t h = 0; h < c.hs.count && !res; h++)
		if (c.hs.items[h].ok)
			res = add_cand(&c, h, min_units);
	if (!res)
		res = choose_sets(&c, lim, out);
	if (!res)
		res = assign(&c, out);
	chooser_free(&c);
	if (res)
		share_plan_free(out);
	return res;
}

void share_pch_free(share_pch *s)
{
	free(s->anchor);
	AUDIT_FREE_STRS(&s->headers);
	share_pch_text_free(s->text);
	memset(s, 0, sizeof(*s));
}

void share_plan_free(share_plan *p)
{
	for (size_t i = 0; i < p->pchs.count; i++)
		share_pch_free(&p->pchs.items[i]);
	free(p->pchs.items);
	free(p->unit_pch);
	memset(p, 0, sizeof(*p));
}
