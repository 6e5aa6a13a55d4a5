/* share_group.c: one group's PCHs (share_group.h). The files each unit
 * reads come from clang-scan-deps; share_choose picks the sets; per set,
 * the units that read the same with it in front (share_sound) read it,
 * but the first of them, which reads its headers itself, in its own
 * order (the PCH's), and writes the names they make carry. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fileio.h"
#include "share.h"
#include "share_build.h"
#include "share_group.h"
#include "share_list.h"
#include "share_order.h"
#include "share_spawn.h"
#include "share_words.h"

typedef struct group {
	audit *a;
	const share_tools *t;
	const size_t *units;
	size_t n;
	unsigned id;
	share_deps_list deps;
	share_plan plan;
	share_files files;
	int log;		/* $FLAGSPACE_SHARE_LOG: each unit's role */
} group;

/* share_header_fn: a header wholly inside an include guard is read once
 * by every unit, whatever precedes it, so it may move in front. */
static int header_ok(void *ctx, const char *path, size_t *size)
{
	size_t len;
	char *text;
	int guarded;

	(void)ctx;
	/* The PCH's source names it in an #include "...": a path that
	 * cannot be spelled there stays out. */
	if (path[0] != '/' || strpbrk(path, "\"\\\n"))
		return 0;
	if (!(text = cli_read_all(path, &len)))
		return 0;
	guarded = share_is_guarded(text, len);
	free(text);
	*size = len;
	return guarded;
}

/* Each list of `all` by its main file, resolved as the units' are; a
 * file listed twice (two configurations) maps to nothing: which list is
 * whose is not known, and those units read their headers themselves. */
static int index_mains(const group *g, share_deps_list *all, strset *by_main)
{
	const char *dir = g->a->tus.items[g->units[0]].dir;

	for (size_t k = 0; k < all->count; k++) {
		share_deps *d = &all->items[k];
		char *main = d->files.count
				     ? audit_abs_path(dir, d->files.items[0])
				     : NULL;
		int res = !main ? -1
		      : strset_put(by_main, main,
				   strset_get(by_main, main) == STRSET_NONE
					   ? k
					   : (size_t)-2);

		free(main);
		if (res)
			return -1;
	}
	return 0;
}

/* g->deps: unit i's list at i, moved from `all`; a unit without one of
 * its own gets its main file alone (it shares nothing). */
static int order_deps(group *g, share_deps_list *all, const strset *by_main)
{
	for (size_t i = 0; i < g->n; i++) {
		const audit_tu *tu = &g->a->tus.items[g->units[i]];
		size_t k = strset_get(by_main, tu->file);
		share_deps *d = AUDIT_PUSH(&g->deps);
		char **main;

		if (!d)
			return -1;
		if (k < all->count && all->items[k].target) {
			*d = all->items[k];
			memset(&all->items[k], 0, sizeof(all->items[k]));
			continue;
		}
		if (!(d->target = strdup(tu->file)) ||
		    !(main = AUDIT_PUSH(&d->files)) ||
		    !(*main = strdup(tu->file)))
			return -1;
	}
	return 0;
}

/* Reads clang-scan-deps' lists into g->deps; 1 when it failed. */
static int read_deps(group *g)
{
	char why[512] = "", err[512] = "";
	share_deps_list all = { NULL, 0, 0 };
	strset by_main = { 0 };
	size_t len;
	char *text = share_list(g->a, g->t->scan_deps, g->units, g->n, g->id,
				&len, why, sizeof(why));
	int res;

	if (!text) {
		fprintf(stderr, "flagspace: cannot list the headers of %zu "
			"units (%s): they parse their headers themselves\n",
			g->n, why);
		return 1;
	}
	res = share_parse_deps(text, len, &all, err, sizeof(err));
	free(text);
	if (res && err[0])
		fprintf(stderr, "flagspace: %s: %zu units parse their headers "
			"themselves\n", err, g->n);
	else if (!res)
		res = index_mains(g, &all, &by_main) ||
		      order_deps(g, &all, &by_main) ? -1 : 0;
	share_deps_list_free(&all);
	strset_free(&by_main);
	return res < 0 && err[0] ? 1 : res;
}

/* The group's units (their places in it) that set k is planned for. */
static int readers_of(const group *g, size_t k, share_units *out)
{
	for (size_t i = 0; i < g->n; i++) {
		size_t *slot;

		if (g->plan.unit_pch[i] != (int)k)
			continue;
		if (!(slot = AUDIT_PUSH(out)))
			return -1;
		*slot = i;
	}
	return 0;
}

/* Puts each -D/-U word of unit i (its spelling) in *seen once. */
static int macros_of(const group *g, size_t i, strset *seen, strset *count)
{
	const audit_tu *tu = &g->a->tus.items[g->units[i]];
	share_words w;
	char word[4096];
	int res = share_words_of(g->a, tu, NULL, &w);

	for (size_t k = 1; !res && k < w.n;) {
		share_word s = share_word_at(tu, &w, k);

		if (s.kind == SHARE_WORD_MACRO) {
			share_macro_word(&w, k, &s, word, sizeof(word));
			if (strset_get(seen, word) == STRSET_NONE) {
				size_t c = strset_get(count, word);

				res = strset_put(seen, word, 1) ||
				      strset_put(count, word,
						 c == STRSET_NONE ? 1 : c + 1);
			}
		}
		k += s.words;
	}
	share_words_free(&w);
	return res;
}

/* The -D/-U words every reader has, into *common. */
static int common_macros(const group *g, const share_units *r, strset *common)
{
	strset count = { 0 };
	int res = 0;

	for (size_t k = 0; k < r->count && !res; k++) {
		strset seen = { 0 };

		res = macros_of(g, r->items[k], &seen, &count);
		strset_free(&seen);
	}
	for (size_t i = 0; i < count.cap && !res; i++)
		if (count.keys[i] && count.values[i] == r->count)
			res = strset_put(common, count.keys[i], 1);
	strset_free(&count);
	return res;
}

/* Unit i's forced includes, and its command, for share_sound. */
static int unit_cmd(const group *g, size_t i, share_words *w,
		    share_strs *forced, share_strs *args)
{
	const audit_tu *tu = &g->a->tus.items[g->units[i]];

	if (share_words_of(g->a, tu, NULL, w))
		return -1;
	for (size_t k = 0; k < w->n;) {
		share_word s = share_word_at(tu, w, k);
		char **slot;

		if (s.kind == SHARE_WORD_FORCED && s.value) {
			if (!(slot = AUDIT_PUSH(forced)) ||
			    !(*slot = audit_abs_path(tu->dir, s.value)))
				return -1;
		}
		for (size_t j = k; j < k + s.words && j < w->n; j++) {
			if (!(slot = AUDIT_PUSH(args)))
				return -1;
			*slot = (char *)w->words[j];
		}
		k += s.words;
	}
	return 0;
}

/* Whether unit i reads the same with set `pch` in front: 1, 0, or -1. */
static int sound_unit(group *g, share_pch *pch, size_t i,
		      const share_strs *pch_args)
{
	share_words w;
	share_strs forced = { NULL, 0, 0 }, args = { NULL, 0, 0 };
	share_cmd cmd = { &forced, &args, pch_args };
	char why[512];
	int res = unit_cmd(g, i, &w, &forced, &args);

	if (!res)
		res = share_sound(&g->files, pch, &g->deps.items[i], &cmd, why,
				  sizeof(why));
	if (!res && g->log)
		fprintf(stderr, "flagspace-share: %s: parses its headers "
			"itself: %s\n", g->a->tus.items[g->units[i]].file, why);
	AUDIT_FREE_STRS(&forced);
	free(args.items);
	share_words_free(&w);
	return res;
}

/* The set's headers in the order unit i first opens them, into
 * *order (pointing into the set's; malloc'd): the unit that reads them
 * itself sees them as the PCH holds them. The set keeps its own order,
 * which its reading (share_pch_text.h) is indexed by. Returns 0, 1 when
 * the unit does not open them all, -1 when out of memory. */
static int order_of(const group *g, const share_pch *pch, size_t i,
		    char ***out)
{
	const share_strs *files = &g->deps.items[i].files;
	size_t n = pch->headers.count, k = 0;
	char **order = malloc((n ? n : 1) * sizeof(*order));
	strset in = { 0 };
	int res = order ? 0 : -1;

	for (size_t h = 0; h < n && !res; h++)
		res = strset_put(&in, pch->headers.items[h], h);
	for (size_t f = 0; f < files->count && !res && k < n; f++) {
		size_t h = strset_get(&in, files->items[f]);

		if (h == STRSET_NONE || h == (size_t)-2)
			continue;
		order[k++] = pch->headers.items[h];
		res = strset_put(&in, files->items[f], (size_t)-2);
	}
	if (!res && k != n)
		res = 1;
	strset_free(&in);
	if (res)
		free(order);
	else
		*out = order;
	return res;
}

/* Unit i's reading of the set (share_order.h). Returns 0, or -1. */
static int view_of(group *g, const share_pch *pch, size_t i, share_view *v)
{
	share_words w;
	share_strs forced = { NULL, 0, 0 }, args = { NULL, 0, 0 };
	int res = unit_cmd(g, i, &w, &forced, &args);

	memset(v, 0, sizeof(*v));
	if (!res)
		res = share_order_view(&g->files, pch, &g->deps.items[i],
				       &forced, v);
	AUDIT_FREE_STRS(&forced);
	free(args.items);
	share_words_free(&w);
	return res;
}

/* How many of the units ok[] keeps read every test as unit c does. */
static size_t agreeing(const share_pch *pch, const share_tests *tests,
		       const share_view *views, const unsigned char *ok,
		       size_t n, size_t c)
{
	size_t count = 0;
	char why[16];

	for (size_t j = 0; j < n; j++)
		count += ok[j] && share_order_same(pch, tests, &views[j],
						   &views[c], why, sizeof(why));
	return count;
}

/* The unit whose order the PCH takes (it writes the names): of the units
 * ok[] keeps, the one most others read each test of the set's headers
 * as (share_order.h); the others are dropped from ok[], with why. */
static size_t choose_order(group *g, const share_pch *pch,
			   const share_units *r, unsigned char *ok,
			   const share_tests *tests, share_view *views,
			   size_t *sound)
{
	size_t best = SIZE_MAX, most = 0;
	char why[700];

	for (size_t c = 0; c < r->count; c++) {
		size_t n = ok[c] ? agreeing(pch, tests, views, ok, r->count, c)
				 : 0;

		if (n > most)
			best = c, most = n;
	}
	for (size_t j = 0; best != SIZE_MAX && j < r->count; j++) {
		if (!ok[j] || share_order_same(pch, tests, &views[j],
					       &views[best], why, sizeof(why)))
			continue;
		ok[j] = 0;
		--*sound;
		if (g->log)
			fprintf(stderr, "flagspace-share: %s: not in the order "
				"of %s: %s\n",
				g->a->tus.items[g->units[r->items[j]]].file,
				g->a->tus.items[g->units[r->items[best]]].file,
				why);
	}
	return best;
}

/* Chooses the unit whose order the PCH takes (share_order.h), into
 * *first, and drops from ok[] the units that read the set otherwise.
 * Returns 0, 1 when no unit may read it, or -1. */
static int keep_ordered(group *g, share_pch *pch, const share_units *r,
			unsigned char *ok, size_t *first, size_t *sound)
{
	share_tests tests = { NULL, 0, 0 };
	share_view *views = calloc(r->count + 1, sizeof(*views));
	int res = !views || share_order_tests(&g->files, pch, &tests) ? -1 : 0;

	for (size_t j = 0; !res && j < r->count; j++)
		if (ok[j])
			res = view_of(g, pch, r->items[j], &views[j]);
	if (!res)
		*first = choose_order(g, pch, r, ok, &tests, views, sound);
	if (!res && *first == SIZE_MAX)
		res = 1;
	for (size_t j = 0; views && j < r->count; j++)
		share_order_view_free(&views[j]);
	free(views);
	free(tests.items);
	return res;
}

/* Builds b's PCH with args; after a failure on arguments clang rejects
 * (gcc's warnings under -Werror), once again without them. */
static int build_pch(group *g, const share_build *b, const share_strs *args,
		     char *why, size_t size)
{
	share_words w = { NULL, 0 };
	share_strs again = { NULL, 0, 0 };
	int res = share_build_pch(b, args, why, size);

	if (!res || share_drop_unknown(g->a, b->err) <= 0)
		return res;
	if (share_build_args(b, &w, &again))
		res = -1;
	else
		res = share_build_pch(b, &again, why, size);
	free(again.items);
	share_words_free(&w);
	return res;
}

/* Builds set k's PCH and gives its units their roles: r->items[first]
 * writes the names, the others of ok[] read it. */
static int build_set(group *g, share_pch *pch, size_t k, size_t v,
		     char *const *order, const share_units *r,
		     const unsigned char *ok, size_t first,
		     const share_strs *args, const strset *common)
{
	char src[PATH_MAX], pch_path[PATH_MAX + 8], err[PATH_MAX + 8];
	char why[600];
	audit *a = g->a;
	share_build b = { a, g->t->clang,
			  &a->tus.items[g->units[r->items[first]]], common,
			  order, pch->headers.count, src,
			  pch_path, err, (double)a->opt.timeout_s };

	snprintf(src, sizeof(src), "%s/share-%u-%zu-%zu.h", a->tmpdir, g->id, k,
		 v);
	snprintf(pch_path, sizeof(pch_path), "%s.pch", src);
	snprintf(err, sizeof(err), "%s.err", src);
	if (build_pch(g, &b, args, why, sizeof(why))) {
		char first[400];

		share_first_error(err, first, sizeof(first));
		fprintf(stderr, "flagspace: the precompiled header of %zu "
			"headers shared by %zu units did not build (%s%s%s): "
			"they parse their headers themselves\n",
			pch->headers.count, r->count, why, first[0] ? ": " : "",
			first);
		return 0;
	}
	for (size_t j = 0; j < r->count; j++) {
		audit_tu *tu = &a->tus.items[g->units[r->items[j]]];

		if (!ok[j])
			continue;
		if (!(tu->pch = strdup(pch_path)))
			return -1;
		tu->pch_role = j == first ? PCH_NAMES : PCH_READS;
		a->shared += j != first;
		if (g->log)
			fprintf(stderr, "flagspace-share: %s: %s %s\n", tu->file,
				j == first ? "parses its headers itself and "
					     "writes the names of"
					   : "reads",
				src);
	}
	return 1;
}

/* The PCHs of set k, one per order enough of the units ok[] keeps read it
 * in (share_order.h): each round, the order most of those left agree
 * with. Returns how many were built, or -1 when out of memory. */
static int build_orders(group *g, share_pch *pch, size_t k,
			const share_units *r, unsigned char *ok, size_t sound,
			const share_strs *args, const strset *common)
{
	unsigned char *mine = malloc(r->count + 1);
	int built = 0, res = mine ? 0 : -1;

	for (size_t v = 0; !res && sound >= SHARE_MIN_UNITS; v++) {
		size_t first = SIZE_MAX, kept = sound;
		char **order = NULL;

		memcpy(mine, ok, r->count);
		res = keep_ordered(g, pch, r, mine, &first, &kept);
		if (res || kept < SHARE_MIN_UNITS ||
		    (res = order_of(g, pch, r->items[first], &order)))
			break;
		res = build_set(g, pch, k, v, order, r, mine, first, args,
				common);
		free(order);
		if (res <= 0)
			break;
		built++;
		res = 0;
		for (size_t j = 0; j < r->count; j++)
			if (mine[j])
				ok[j] = 0, sound--;
	}
	free(mine);
	return res < 0 ? -1 : built;
}

/* Set k: the units that may read it, built when enough do. Returns how
 * many PCHs of it were built, or -1 when out of memory. */
static int share_set(group *g, size_t k)
{
	share_pch *pch = &g->plan.pchs.items[k];
	share_units r = { NULL, 0, 0 };
	share_strs args = { NULL, 0, 0 };
	share_words w = { NULL, 0 };
	strset common = { 0 };
	unsigned char *ok = NULL;
	size_t first = SIZE_MAX, sound = 0;
	int res = readers_of(g, k, &r) || common_macros(g, &r, &common);

	if (!res && r.count) {
		share_build b = { g->a, g->t->clang,
				  &g->a->tus.items[g->units[r.items[0]]],
				  &common, NULL, 0, NULL, NULL, NULL, 0 };

		res = !(ok = calloc(r.count, 1)) ||
		      share_build_args(&b, &w, &args);
	}
	for (size_t j = 0; !res && j < r.count; j++) {
		int s = sound_unit(g, pch, r.items[j], &args);

		res = s < 0 ? -1 : 0;
		ok[j] = s > 0;
		sound += s > 0;
		if (s > 0 && first == SIZE_MAX)
			first = j;
	}
	if (!res && sound < SHARE_MIN_UNITS && g->log)
		fprintf(stderr, "flagspace-share: the %zu headers %s and the "
			"others of %zu units include: %zu units may read them, "
			"too few to build them\n", pch->headers.count, pch->anchor,
			r.count, sound);
	if (!res && sound >= SHARE_MIN_UNITS)
		res = build_orders(g, pch, k, &r, ok, sound, &args, &common);
	free(r.items);
	free(args.items);
	share_words_free(&w);
	strset_free(&common);
	free(ok);
	return res;
}

int share_group(audit *a, const share_tools *t, const size_t *units,
		size_t n, unsigned id, size_t *pchs)
{
	share_limits lim = { SHARE_MAX_PCHS, SHARE_MIN_UNITS };
	group g;
	int res;

	memset(&g, 0, sizeof(g));
	g.a = a, g.t = t, g.units = units, g.n = n, g.id = id;
	g.log = getenv("FLAGSPACE_SHARE_LOG") && *getenv("FLAGSPACE_SHARE_LOG");
	res = read_deps(&g);
	if (!res)
		res = share_choose(g.deps.items, n, &lim, header_ok, NULL,
				   &g.plan);
	if (!res && g.log)
		fprintf(stderr, "flagspace-share: a group of %zu units of one "
			"command: %zu sets of headers chosen\n", n,
			g.plan.pchs.count);
	for (size_t k = 0; !res && k < g.plan.pchs.count; k++) {
		int built = share_set(&g, k);

		res = built < 0 ? -1 : 0;
		*pchs += built > 0 ? (size_t)built : 0;
	}
	share_plan_free(&g.plan);
	share_deps_list_free(&g.deps);
	share_files_free(&g.files);
	return res < 0 ? -1 : 0;
}
