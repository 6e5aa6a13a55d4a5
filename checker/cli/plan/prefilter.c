/* prefilter.c: skips the translation units that cannot contain a finding,
 * by reading their sources rather than compiling them.
 *
 * Why nothing is lost. Every finding is reported at a call, a struct field
 * write or a macro spelling in a file that is not a system header, and
 * needs there, after preprocessing, a flag name the rules know (role
 * FS_ROLE_FLAG: a unit test holds the engine to this), unless it is a
 * write of a struct of role FS_ROLE_RECORD. A flag name reaches a
 * non-system file's code in one of three ways, each covered:
 *  - spelled in the file, or in a file it includes that is not a system
 *    header, where the preprocessor expands or the compiler parses it:
 *    every such file is found by following #include lines through the
 *    unit's own search paths, every candidate of each include being taken
 *    (so order, #if and #include_next do not matter), and every word of
 *    each is looked at, strings included, comments not (comments are
 *    blanked first, as translation phase 3 does, a literal being skipped
 *    whole), nor the words no expansion reaches: a #define's name and
 *    body, #undef, #ifdef, #ifndef and the operand of `defined`;
 *  - made by a macro: the set of names is closed over every #define of
 *    every file reached, user or system (a macro whose body names a member
 *    of the set, or whose ## pastes can make one, joins it, until nothing
 *    changes; prefilter_closure.c), and a macro is only expanded where its
 *    name is spelled;
 *  - given on the command line (-D NAME=...).
 * A struct of role FS_ROLE_RECORD is spelled by the header that defines
 * it: a unit reaching such a header is run. An include that resolves
 * nowhere adds nothing in a system header (another platform's branch);
 * in the unit's own files it makes the unit run, so that the compile
 * error it may cause is reported. A unit is run whenever this reading
 * cannot be complete: a file
 * that cannot be read, a search directory that is not a directory (a
 * header map), a computed #include, flags that change the search
 * (--sysroot, -nostdinc, modules, -Xclang ...), or a .clang-tidy that may
 * add rules. Findings inside system headers are not reported by
 * clang-tidy, so those headers' own code does not matter.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/spawn.h"
#include "compiler_flags.h"
#include "prefilter.h"
#include "strset.h"

typedef struct pf_cand {
	size_t file;
	int system;
	char *via;		/* the -I-like directory it was found in */
} pf_cand;

typedef AUDIT_VEC(pf_cand) pf_cands;

typedef struct prefilter {
	const fs_rules *rules;
	AUDIT_VEC(pf_file) files;
	strset file_ids;
	AUDIT_VEC(pf_cands) results;
	strset resolved;
	pf_strs defaults;	/* the compiler's own include directories */
	pf_names names;
	strset watch;		/* macros some command defines, -fPIC's */
	size_t gen;
	int whole;		/* --cache: walk every file a unit may read,
				   also where the unit runs anyway */
	int cover;		/* the cover set: walk units the compiler
				   reads a subset of too */
	strset inner;		/* words headers name inside braces */
} prefilter;

static void free_strs(pf_strs *v)
{
	for (size_t i = 0; i < v->count; i++)
		free(v->items[i]);
	free(v->items);
	memset(v, 0, sizeof(*v));
}

/* The file's index, interned by its real path. */
static size_t file_id(prefilter *pf, const char *path)
{
	char real[PATH_MAX];
	const char *key = realpath(path, real) ? real : path;
	size_t id = strset_get(&pf->file_ids, key);
	pf_file *f;

	if (id != STRSET_NONE)
		return id;
	if (!(f = AUDIT_PUSH(&pf->files)) || !(f->path = strdup(key)))
		return STRSET_NONE;
	f->seen_tu = f->seen_user_tu = (size_t)-1;
	f->names_record = f->reaches = -1;
	id = pf->files.count - 1;
	return strset_put(&pf->file_ids, key, id) ? STRSET_NONE : id;
}

/* ---- the compiler's own include directories and macros ---- */

/* Preprocessing /dev/null takes a moment: one that hangs does not hold
 * the audit. */
enum { DEFAULTS_TIMEOUT_S = 60 };

const char *pf_compiler(void)
{
	const char *env = getenv("FLAGSPACE_CLANG");

	return env && *env ? env : FS_CLI_CLANG;
}

/* One line of `clang -E -dM -v`: a macro, or a directory of the search
 * list when in_list. */
static int read_default(prefilter *pf, char *line, int *in_list)
{
	if (!strncmp(line, "#define ", 8)) {
		line[8 + strcspn(line + 8, " (")] = '\0';
		return pf_names_add_macro(&pf->names, line + 8);
	}
	if (strstr(line, "search starts here"))
		*in_list = 1;
	else if (!strncmp(line, "End of search list", 18))
		*in_list = 0;
	else if (*in_list && line[0] == ' ')
		return pf_strs_push(&pf->defaults, line + 1);
	return 0;
}

static int read_defaults(prefilter *pf, const char *lang,
			 int no_default_config)
{
	const char *argv[] = { pf_compiler(), "-E", "-dM", "-x", lang,
			       "/dev/null", "-v", NULL, NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, NULL, NULL },
			 { FS_SPAWN_STDOUT, NULL, NULL, NULL },
			 DEFAULTS_TIMEOUT_S };
	fs_spawn_result r;
	int in_list = 0, res;

	/* no config beside the compiler, as in every run (command_filter.h) */
	if (no_default_config)
		argv[7] = "--no-default-config";
	res = fs_spawn_run(&how, &r) || !fs_spawn_succeeded(&r) ? -1 : 0;
	for (char *line = r.out, *next; !res && line; line = next) {
		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		res = read_default(pf, line, &in_list);
	}
	fs_spawn_result_free(&r);
	return res;
}

/* ---- resolving includes ---- */

/* via: the search directory of the command that finds it, if any. */
static int add_cand(prefilter *pf, pf_cands *c, const char *dir,
		    const char *name, int system, int via)
{
	char path[PATH_MAX * 2];
	pf_cand *slot;
	size_t id;

	if (dir)
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	if (!pf_is_regular(path))
		return 0;
	if ((id = file_id(pf, path)) == STRSET_NONE || !(slot = AUDIT_PUSH(c)))
		return -1;
	slot->file = id;
	slot->system = system;
	return via && !(slot->via = strdup(dir)) ? -1 : 0;
}

static int add_cands(prefilter *pf, pf_cands *c, const pf_strs *dirs,
		     const char *name, int system)
{
	for (size_t i = 0; i < dirs->count; i++)
		if (add_cand(pf, c, dirs->items[i], name, system,
			     dirs != &pf->defaults))
			return -1;
	return 0;
}

/* Every file `inc` may name, searched as a compiler would but taking
 * all the matches; an empty list when none exists. */
static int find_cands(prefilter *pf, const pf_plan *plan,
		      const char *includer_dir, const pf_include *inc,
		      pf_cands *c)
{
	if (inc->name[0] == '/')
		return add_cand(pf, c, NULL, inc->name, 0, 0);
	if (!inc->angled && (add_cand(pf, c, includer_dir, inc->name, 0, 0) ||
			     add_cands(pf, c, &plan->quote, inc->name, 0)))
		return -1;
	return add_cands(pf, c, &plan->user, inc->name, 0) ||
	       add_cands(pf, c, &plan->system, inc->name, 1) ||
	       add_cands(pf, c, &pf->defaults, inc->name, 1) ? -1 : 0;
}

static const pf_cands *resolve(prefilter *pf, const pf_plan *plan,
			       const char *includer, const pf_include *inc)
{
	char dir[PATH_MAX], key[PATH_MAX * 3];
	const char *slash = strrchr(includer, '/');
	size_t id;
	pf_cands *c;

	snprintf(dir, sizeof(dir), "%.*s",
		 (int)(slash ? slash - includer : 1), slash ? includer : ".");
	snprintf(key, sizeof(key), "%s\x01%s\x01%s", plan->sig,
		 inc->angled ? "<" : dir, inc->name);
	if ((id = strset_get(&pf->resolved, key)) != STRSET_NONE)
		return &pf->results.items[id];
	if (!(c = AUDIT_PUSH(&pf->results)))
		return NULL;
	id = pf->results.count - 1;
	if (find_cands(pf, plan, dir, inc, c) ||
	    strset_put(&pf->resolved, key, id))
		return NULL;
	return &pf->results.items[id];
}

/* ---- walking one unit ---- */

typedef AUDIT_VEC(pf_cand) pf_queue;

/* Whether the walk can stop: the unit runs and, unless the cache wants
 * its every file, nothing more is needed. */
static int walk_done(const prefilter *pf, const pf_plan *plan)
{
	return plan->partial ||
	       ((plan->must_run ||
		 ((plan->narrowed || plan->unresolved || plan->record) &&
		  !pf->cover)) &&
		!pf->whole);
}

/* Adds file `id` to the plan's files (the cache key's). */
static int add_file(pf_plan *plan, size_t id)
{
	size_t *slot = AUDIT_PUSH(&plan->files);

	if (!slot)
		return -1;
	*slot = id;
	return 0;
}

/* Whether f (a system header) spells a struct the rules can report with
 * no flag written (open_how's mode alone): a struct is spelled by the
 * header that defines it, so a unit that reaches none has no such write. */
static int names_record(const prefilter *pf, pf_file *f)
{
	if (f->names_record < 0) {
		f->names_record = 0;
		for (size_t i = 0; i < f->idents.count && !f->names_record; i++)
			f->names_record = fs_rules_name_role(
				pf->rules, f->idents.items[i]) == FS_ROLE_RECORD;
	}
	return f->names_record;
}

static int visit(prefilter *pf, pf_plan *plan, pf_queue *q, pf_cand at)
{
	pf_file *f = &pf->files.items[at.file];

	if (at.system ? f->seen_tu == pf->gen : f->seen_user_tu == pf->gen)
		return 0;
	if (f->seen_tu != pf->gen && add_file(plan, at.file))
		return -1;
	f->seen_tu = pf->gen;
	if (!at.system) {
		size_t *slot = AUDIT_PUSH(&plan->user_files);

		f->user_reached = 1;
		f->seen_user_tu = pf->gen;
		if (!slot)
			return -1;
		*slot = at.file;
	}
	if (!f->scanned && pf_scan_file(f, &pf->watch))
		return -1;
	for (size_t i = 0; i < f->watched.count; i++)
		if (!pf_strs_has(&plan->watched, f->watched.items[i]) &&
		    pf_strs_push(&plan->watched, f->watched.items[i]))
			return -1;
	if (!f->readable) {
		plan->must_run = plan->partial = 1;
		return 0;
	}
	if (at.system && names_record(pf, f))
		plan->record = 1;	/* a record some finding needs no
					   flag name in */
	/* f moves when resolving adds files: index from here on. The
	 * includes array itself does not move. */
	for (size_t i = 0; i < pf->files.items[at.file].includes.count &&
			   !walk_done(pf, plan); i++) {
		const pf_include *inc = &pf->files.items[at.file].includes.items[i];
		const pf_cands *c;

		if (inc->computed && inc->probe) {
			/* What it finds is not known: no complete key. */
			plan->probe_unknown = 1;
			plan->partial |= pf->whole;
			continue;
		}
		if (inc->computed) {
			plan->must_run = plan->partial = 1;
			break;
		}
		if (!(c = resolve(pf, plan, pf->files.items[at.file].path, inc)))
			return -1;
		for (size_t k = 0; k < c->count; k++)
			if (c->items[k].via &&
			    !pf_strs_has(&plan->used_dirs, c->items[k].via) &&
			    pf_strs_push(&plan->used_dirs, c->items[k].via))
				return -1;
		if (inc->probe) {
			/* Looked for, not read: what it finds keys the
			 * cache. */
			for (size_t k = 0; pf->whole && k < c->count; k++)
				if (add_file(plan, c->items[k].file))
					return -1;
			continue;
		}
		/* An include of the unit's own code that resolves nowhere (a
		 * generated config.h not generated yet): its #if branch may
		 * not be taken, but when it is, the unit does not compile,
		 * and that compile error must be shown, not a clean skip.
		 * The search above is the compiler's, so that no file the
		 * compiler would find is missed. In a system header, the
		 * branch is another platform's. */
		if (!c->count && !at.system) {
			plan->unresolved = 1;
			if (!pf->whole && !pf->cover)
				break;
			continue;
		}
		for (size_t k = 0; k < c->count; k++) {
			pf_cand *slot = AUDIT_PUSH(q);

			if (!slot)
				return -1;
			*slot = c->items[k];
		}
	}
	return 0;
}

/* A .clang-tidy above the file that mentions flagspace may add rules
 * that are not known here. */
static int has_own_config(const char *file)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], line[1024];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", file);
	while ((slash = strrchr(dir, '/'))) {
		FILE *f;

		*slash = '\0';
		snprintf(path, sizeof(path), "%s/.clang-tidy", dir);
		if (!(f = fopen(path, "r")))
			continue;
		while (fgets(line, sizeof(line), f))
			if (strstr(line, "flagspace")) {
				fclose(f);
				return 1;
			}
		fclose(f);
	}
	return 0;
}

static int walk(prefilter *pf, pf_plan *plan, const audit_tu *tu)
{
	pf_queue q = { NULL, 0, 0 };
	pf_cand *start;
	int res = 0;

	pf->gen++;
	if (!(start = AUDIT_PUSH(&q)) ||
	    (start->file = file_id(pf, tu->file)) == STRSET_NONE) {
		free(q.items);
		return -1;
	}
	start->system = 0;
	plan->main_file = start->file;
	for (size_t i = 0; i < plan->forced.count && !res; i++) {
		pf_cand *c = AUDIT_PUSH(&q);

		if (!c || (c->file = file_id(pf, plan->forced.items[i])) ==
				  STRSET_NONE)
			res = -1;
		else
			c->system = 0;
	}
	for (size_t i = 0; i < q.count && !res && !walk_done(pf, plan); i++) {
		if (i)
			pf->files.items[q.items[i].file].is_header = 1;
		res = visit(pf, plan, &q, q.items[i]);
	}
	free(q.items);
	return res;
}

/* ---- the names that matter ---- */

static int may_find(const prefilter *pf, const pf_plan *plan)
{
	if (plan->must_run || plan->narrowed || plan->unresolved ||
	    plan->record)
		return 1;
	for (size_t i = 0; i < plan->dbody.count; i++)
		if (pf_names_trigger(&pf->names, plan->dbody.items[i]))
			return 1;
	for (size_t i = 0; i < plan->user_files.count; i++) {
		const pf_file *f = &pf->files.items[plan->user_files.items[i]];

		for (size_t k = 0; k < f->idents.count; k++)
			if (pf_names_trigger(&pf->names, f->idents.items[k]))
				return 1;
	}
	return 0;
}

/* ---- the whole audit ---- */

static void free_plan(pf_plan *plan)
{
	free_strs(&plan->quote);
	free_strs(&plan->user);
	free_strs(&plan->system);
	free_strs(&plan->forced);
	free_strs(&plan->dbody);
	free_strs(&plan->dnames);
	free_strs(&plan->watched);
	free_strs(&plan->used_dirs);
	free(plan->sig);
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
	pf_names_free(&pf->names);
	strset_free(&pf->watch);
	strset_free(&pf->inner);
	free_strs(&pf->defaults);
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
		if (!own_rules && has_own_config(a->tus.items[i].file))
			plan->must_run = 1;
		if (walk_done(pf, plan))
			continue;
		if (!(plan->sig = pf_plan_sig(plan)) ||
		    walk(pf, plan, &a->tus.items[i]))
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

/* Marks the units the cover set need not run (keep[i] = 0), counting
 * them in a->covered. Units not kept get keep[i] = -1 in the log. */
static int plan_cover(prefilter *pf, audit *a, const pf_plan *plans, int *keep)
{
	size_t n = a->tus.count ? a->tus.count : 1;
	char (*keys)[SHA256_HEX] = calloc(n, sizeof(*keys));
	int *own = calloc(n, sizeof(int)), res = 0;
	int *why = calloc(n, sizeof(int));
	strset groups = { 0 };

	if (!keys || !own || !why)
		res = -1;
	/* What a main file names before names carry flags (the log's why);
	 * the prefilter decided on those names alone. */
	for (size_t i = 0; i < a->tus.count && !res; i++)
		if (keep[i] && plans[i].main_file != (size_t)-1) {
			pf_file *m = &pf->files.items[plans[i].main_file];

			m->direct = file_reaches(pf, m);
			m->reaches = -1;
		}
	if (!res && pf->cover)
		res = pf_cover_close(&pf->names, pf->files.items,
				     pf->files.count, &pf->inner);
	for (size_t i = 0; i < a->tus.count && !res; i++) {
		audit_tu *tu = &a->tus.items[i];
		unsigned char d[SHA256_BYTES];
		int eligible;

		own[i] = -1;
		if (!keep[i])
			continue;
		eligible = !a->opt.no_cover &&
			   pf_cover_eligible(pf->files.items, &plans[i], tu);
		if (eligible) {
			why[i] = pf_cover_own(&pf->names, &pf->inner,
					      pf->files.items, &plans[i]);
			own[i] = why[i] != PF_OWN_NONE;
			pf_cover_key(pf->files.items, &plans[i], tu, d);
			sha256_hex(d, keys[i]);
		}
		res = record_plan(pf, tu, &plans[i], own[i]);
	}
	/* A group's units that run for their own code analyse its headers;
	 * else its first unit does. */
	for (int pass = 1; pass >= 0 && !res; pass--)
		for (size_t i = 0; i < a->tus.count && !res; i++) {
			size_t first;

			if (!keep[i] || own[i] != pass)
				continue;
			first = strset_get(&groups, keys[i]);
			if (first == STRSET_NONE)
				res = strset_put(&groups, keys[i], i);
			else if (!pass) {
				keep[i] = 0;
				a->covered++;
			}
		}
	if (!res) {
		int *logged = calloc(n, sizeof(int));

		for (size_t i = 0; logged && i < a->tus.count; i++)
			logged[i] = own[i] == -1 && !keep[i] ? -1 : keep[i];
		if (logged)
			log_plan(pf, a, plans, logged, why, keys);
		free(logged);
	}
	strset_free(&groups);
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
		keep[i] = a->opt.no_prefilter || may_find(pf, &plans[i]);
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
	if (read_defaults(&pf, "c", a->clang_no_default_config) ||
	    read_defaults(&pf, "c++", a->clang_no_default_config)) {
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
