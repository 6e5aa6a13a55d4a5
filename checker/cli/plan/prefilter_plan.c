/* prefilter_plan.c: the prefilter's plan of the audit, from the walks of
 * its units (prefilter.c): which units run, which read as another
 * configuration of their file, which the cover set need not run, and
 * what each kept unit analyses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler_flags.h"
#include "plan.h"
#include "prefilter_walk.h"

static void free_plan(pf_plan *plan)
{
	AUDIT_FREE_STRS(&plan->quote);
	AUDIT_FREE_STRS(&plan->user);
	AUDIT_FREE_STRS(&plan->system);
	AUDIT_FREE_STRS(&plan->forced);
	AUDIT_FREE_STRS(&plan->dbody);
	AUDIT_FREE_STRS(&plan->dnames);
	AUDIT_FREE_STRS(&plan->watched);
	AUDIT_FREE_STRS(&plan->used_dirs);
	free(plan->user_files.items);
	free(plan->files.items);
}

static void free_prefilter(prefilter *pf)
{
	for (size_t i = 0; i < pf->files.count; i++) {
		pf_file *f = &pf->files.items[i];

		free(f->path);
		pf_file_free(f);
	}
	free(pf->files.items);
	for (size_t i = 0; i < pf->results.count; i++) {
		for (size_t k = 0; k < pf->results.items[i].count; k++)
			free(pf->results.items[i].items[k].via);
		free(pf->results.items[i].items);
	}
	free(pf->results.items);
	strset_free(&pf->file_ids);
	strset_free(&pf->resolved);
	strset_free(&pf->sigs);
	pf_names_free(&pf->names);
	strset_free(&pf->watch);
	strset_free(&pf->inner);
	AUDIT_FREE_STRS(&pf->defaults);
}

/* The number of the plan's include path (pf_plan_sig): resolve() keys
 * its cache by it, not by the path's long text. */
static int sig_id(prefilter *pf, pf_plan *plan)
{
	char *sig = pf_plan_sig(plan);
	size_t id = sig ? strset_get(&pf->sigs, sig) : STRSET_NONE;
	int res = sig ? 0 : -1;

	if (sig && id == STRSET_NONE) {
		id = pf->sigs.count;
		res = strset_put(&pf->sigs, sig, id);
	}
	plan->sig_id = id;
	free(sig);
	return res;
}

/* The macros whose definition on a command line may or may not change a
 * unit: those of every -D and -U, and those -fPIC and -fPIE define. */
static int watch_macros(prefilter *pf, const audit *a)
{
	for (size_t k = 0; k < CFLAG_NPIC_MACROS; k++)
		if (strset_put(&pf->watch, cflag_pic_macros[k], 0))
			return -1;
	/* The main file's name in every header: the cover set's keys. */
	if (strset_put(&pf->watch, "__BASE_FILE__", 0))
		return -1;
	for (size_t t = 0; t < a->tus.count; t++) {
		const audit_tu *tu = &a->tus.items[t];

		for (size_t i = 1; i < tu->args.count; i++) {
			cflag f = cflag_at(tu->args.items, tu->args.count, i);
			const char *name;
			size_t len = cflag_macro(&f, &name);
			char *macro;

			i += f.words - 1;
			if (!len)
				continue;
			if (!(macro = strndup(name, len)) ||
			    strset_put(&pf->watch, macro, 0)) {
				free(macro);
				return -1;
			}
			free(macro);
		}
	}
	return 0;
}

static int plan_all(prefilter *pf, audit *a, pf_plan *plans)
{
	int own_rules = a->opt.rules_files && a->opt.rules_files->count;

	if (watch_macros(pf, a))
		return -1;

	for (size_t i = 0; i < a->tus.count; i++) {
		pf_plan *plan = &plans[i];

		plan->main_file = (size_t)-1;
		pf_read_command(plan, &a->tus.items[i]);
		for (size_t k = 0; k < plan->dnames.count; k++)
			if (pf_names_add_macro(&pf->names, plan->dnames.items[k]))
				return -1;
		if (!own_rules && pf_has_own_config(a->tus.items[i].file))
			plan->must_run = 1;
		if (pf_walk_done(pf, plan))
			continue;
		if (sig_id(pf, plan) ||
		    pf_walk(pf, plan, &a->tus.items[i]))
			return -1;
	}
	return pf_names_close(&pf->names, pf->files.items, pf->files.count);
}

/* The two plans' files name `macro`. */
typedef struct seen_pair {
	const pf_plan *a, *b;
} seen_pair;

static int seen_by_pair(void *ctx, const char *macro)
{
	const seen_pair *p = ctx;

	return pf_strs_has(&p->a->watched, macro) ||
	       pf_strs_has(&p->b->watched, macro);
}

static int dir_used_by_pair(void *ctx, const char *dir)
{
	const seen_pair *p = ctx;

	return pf_strs_has(&p->a->used_dirs, dir) ||
	       pf_strs_has(&p->b->used_dirs, dir);
}

/* Whether unit i reads the same as a unit before it of the same file
 * (prev chains them) that is kept. Both walks must be complete: not cut
 * short by must_run, no __has_include of a computed name. */
static int reads_as_earlier(const audit *a, const pf_plan *plans,
			    const int *keep, const size_t *prev, size_t i)
{
	if (plans[i].must_run || plans[i].narrowed || plans[i].unresolved ||
	    plans[i].record || plans[i].probe_unknown)
		return 0;
	for (size_t k = prev[i]; k != AUDIT_NO_UNIT; k = prev[k]) {
		seen_pair pair = { &plans[k], &plans[i] };
		audit_seen seen = { seen_by_pair, dir_used_by_pair, &pair };

		if (keep[k] && !plans[k].must_run && !plans[k].narrowed &&
		    !plans[k].unresolved && !plans[k].record &&
		    !plans[k].probe_unknown &&
		    audit_same_reading(&a->tus.items[k], &a->tus.items[i],
				       &seen))
			return 1;
	}
	return 0;
}

/* With --cache, the digest of what unit i reads, unless its walk was
 * partial or a file cannot be read now (it then runs uncached). */
static void key_inputs(prefilter *pf, audit_tu *tu, const pf_plan *plan)
{
	tu->has_inputs = pf->whole && !plan->partial &&
			 !pf_inputs_digest(pf->files.items, plan, &pf->defaults,
					   tu->inputs);
}

/* ---- the cover set (prefilter_cover.c) ---- */

/* Whether a name f spells may lead to a finding: its code may hold one. */
static int file_reaches(prefilter *pf, pf_file *f)
{
	if (f->reaches < 0) {
		f->reaches = 0;
		for (size_t i = 0; i < f->idents.count && !f->reaches; i++)
			f->reaches = pf_names_trigger(&pf->names,
						      f->idents.items[i]);
	}
	return f->reaches;
}

/* The plan's record of a unit: whether its own code counts, and the
 * headers whose code a flag name can reach. */
static int record_plan(prefilter *pf, audit_tu *tu, const pf_plan *plan,
		       int own)
{
	tu->own_code = own;
	for (size_t k = 0; k < plan->user_files.count; k++) {
		size_t id = plan->user_files.items[k];
		char **slot;

		if (id == plan->main_file ||
		    !file_reaches(pf, &pf->files.items[id]))
			continue;
		if (!(slot = AUDIT_PUSH(&tu->headers)) ||
		    !(*slot = strdup(pf->files.items[id].path)))
			return -1;
	}
	return 0;
}

/* With $FLAGSPACE_PLAN, one line per unit kept by the prefilter: whether
 * it runs or is covered, its own code, its headers and its group. */
static void log_plan(const prefilter *pf, const audit *a,
		     const pf_plan *plans, const int *keep, const int *why,
		     char (*keys)[SHA256_HEX])
{
	static const char *const whys[] = { "", ":flag", ":carrier",
					    ":generated", ":defines" };
	const char *path = getenv("FLAGSPACE_PLAN");
	FILE *f = path && *path ? fopen(path, "a") : NULL;

	if (!f)
		return;
	for (size_t i = 0; i < a->tus.count; i++) {
		const audit_tu *tu = &a->tus.items[i];

		if (keep[i] < 0)
			continue;
		size_t m = plans[i].main_file;

		fprintf(f, "%s own=%d%s names-flag=%d headers=%zu group=%.12s "
			"%s\n", keep[i] ? "run" : "covered", tu->own_code,
			tu->own_code > 0 ? whys[why[i]] : "",
			m != (size_t)-1 && pf->files.items[m].direct,
			tu->headers.count, keys[i][0] ? keys[i] : "-", tu->file);
	}
	fclose(f);
}

/* The cover set's reading of the units kept: own[i], whether unit i's own
 * code counts (-1: not known; why[i] says why it counts), keys[i] its
 * group, and its record (record_plan). Returns 0, or -1 when out of
 * memory. */
static int cover_read(prefilter *pf, audit *a, const pf_plan *plans,
		      const int *keep, int *own, int *why,
		      char (*keys)[SHA256_HEX])
{
	int res = 0;

	/* What a main file names before names carry flags (the log's why);
	 * the prefilter decided on those names alone. */
	for (size_t i = 0; i < a->tus.count; i++)
		if (keep[i] && plans[i].main_file != (size_t)-1) {
			pf_file *m = &pf->files.items[plans[i].main_file];

			m->direct = file_reaches(pf, m);
			m->reaches = -1;
		}
	if (pf->cover)
		res = pf_cover_close(&pf->names, pf->files.items,
				     pf->files.count, &pf->inner);
	for (size_t i = 0; i < a->tus.count && !res; i++) {
		audit_tu *tu = &a->tus.items[i];
		unsigned char d[SHA256_BYTES];

		own[i] = -1;
		if (!keep[i])
			continue;
		if (!a->opt.no_cover &&
		    pf_cover_eligible(pf->files.items, &plans[i], tu)) {
			why[i] = pf_cover_own(&pf->names, &pf->inner,
					      pf->files.items, &plans[i]);
			own[i] = why[i] != PF_OWN_NONE;
			pf_cover_key(pf->files.items, &plans[i], tu, d);
			sha256_hex(d, keys[i]);
		}
		res = record_plan(pf, tu, &plans[i], own[i]);
	}
	return res;
}

/* A group's units that run for their own code analyse its headers; else
 * its first unit does: the others are covered (keep[i] = 0). Returns 0,
 * or -1 when out of memory. */
static int cover_groups(audit *a, int *keep, const int *own,
			char (*keys)[SHA256_HEX])
{
	strset groups = { 0 };
	int res = 0;

	for (int pass = 1; pass >= 0 && !res; pass--)
		for (size_t i = 0; i < a->tus.count && !res; i++) {
			if (!keep[i] || own[i] != pass)
				continue;
			if (strset_get(&groups, keys[i]) == STRSET_NONE)
				res = strset_put(&groups, keys[i], i);
			else if (!pass) {
				keep[i] = 0;
				a->covered++;
			}
		}
	strset_free(&groups);
	return res;
}

/* Marks the units the cover set need not run (keep[i] = 0), counting
 * them in a->covered. Units not kept get keep[i] = -1 in the log. */
static int plan_cover(prefilter *pf, audit *a, const pf_plan *plans, int *keep)
{
	size_t n = a->tus.count ? a->tus.count : 1;
	char (*keys)[SHA256_HEX] = calloc(n, sizeof(*keys));
	int *own = calloc(n, sizeof(int));
	int *why = calloc(n, sizeof(int));
	int *logged = calloc(n, sizeof(int));
	int res = !keys || !own || !why || !logged ? -1 : 0;

	if (!res)
		res = cover_read(pf, a, plans, keep, own, why, keys);
	if (!res)
		res = cover_groups(a, keep, own, keys);
	if (!res) {
		for (size_t i = 0; i < a->tus.count; i++)
			logged[i] = own[i] == -1 && !keep[i] ? -1 : keep[i];
		log_plan(pf, a, plans, logged, why, keys);
	}
	free(logged);
	free(keys);
	free(own);
	free(why);
	return res;
}

static int drop_clean(prefilter *pf, audit *a, const pf_plan *plans)
{
	int *keep = calloc(a->tus.count ? a->tus.count : 1, sizeof(int));
	size_t *prev = calloc(a->tus.count ? a->tus.count : 1, sizeof(size_t));
	size_t kept = 0;

	if (!keep || !prev ||
	    audit_group_by_file(a->tus.items, a->tus.count, prev)) {
		free(keep);
		free(prev);
		return -1;
	}
	for (size_t i = 0; i < a->tus.count; i++) {
		keep[i] = a->opt.no_prefilter || pf_may_find(pf, &plans[i]);
		a->skipped += !keep[i];
	}
	for (size_t i = 0; i < a->tus.count; i++)
		if (keep[i] && !a->opt.no_prefilter &&
		    reads_as_earlier(a, plans, keep, prev, i)) {
			keep[i] = 0;
			a->same_reading++;
		}
	if (!a->opt.no_prefilter && plan_cover(pf, a, plans, keep)) {
		free(keep);
		free(prev);
		return -1;
	}
	for (size_t i = 0; i < a->tus.count; i++) {
		if (keep[i])
			key_inputs(pf, &a->tus.items[i], &plans[i]);
		if (keep[i])
			a->tus.items[kept++] = a->tus.items[i];
		else
			audit_tu_free(&a->tus.items[i]);
	}
	a->tus.count = kept;
	free(keep);
	free(prev);
	return 0;
}

int audit_prefilter(audit *a, const fs_rules *rules)
{
	size_t ntus = a->tus.count;
	prefilter pf;
	pf_plan *plans = calloc(a->tus.count ? a->tus.count : 1,
				sizeof(pf_plan));
	int res = CLI_OK;

	memset(&pf, 0, sizeof(pf));
	pf.rules = rules;
	pf.names.rules = rules;
	pf.whole = a->opt.cache_dir != NULL;
	pf.cover = !a->opt.no_prefilter && !a->opt.no_cover;
	if (!plans)
		return cli_error("out of memory");
	if (pf_read_defaults(&pf, "c", a->clang_no_default_config) ||
	    pf_read_defaults(&pf, "c++", a->clang_no_default_config)) {
		/* Without the compiler's directories nothing is proved:
		 * every unit runs, as asked by default. */
		if (a->opt.prefilter)
			res = cli_error("cannot run '%s' to find its include "
					"directories; run with --no-prefilter",
					pf_compiler());
		else if (a->opt.no_prefilter)
			fprintf(stderr, "flagspace: warning: cannot run '%s' "
				"to find its include directories: no unit's "
				"result is cached\n", pf_compiler());
		else
			fprintf(stderr, "flagspace: warning: cannot run '%s' "
				"to find its include directories: every unit "
				"is analysed (--no-prefilter says so quietly)\n",
				pf_compiler());
	}
	else if (plan_all(&pf, a, plans))
		res = cli_error("out of memory");
	else if (drop_clean(&pf, a, plans))
		res = cli_error("out of memory");
	free_prefilter(&pf);
	for (size_t i = 0; i < ntus; i++)
		free_plan(&plans[i]);
	free(plans);
	return res;
}
