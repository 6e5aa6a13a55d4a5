/* prefilter.c: walks a translation unit's sources, as the prefilter
 * reads them to skip the units that cannot contain a finding (the audit's
 * plan from those walks: prefilter_plan.c).
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
#include "prefilter_walk.h"

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

int pf_read_defaults(prefilter *pf, const char *lang,
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
	snprintf(key, sizeof(key), "%zx\x01%s\x01%s", plan->sig_id,
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
int pf_walk_done(const prefilter *pf, const pf_plan *plan)
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

/* Notes file at.file as reached by the unit: among its files (the cache
 * key's), its user files, and the watched words it holds. Returns 1 when
 * it was reached before this way, 0, or -1 when out of memory. */
static int mark_reached(prefilter *pf, pf_plan *plan, pf_cand at)
{
	pf_file *f = &pf->files.items[at.file];

	if (at.system ? f->seen_tu == pf->gen : f->seen_user_tu == pf->gen)
		return 1;
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
	return 0;
}

/* Follows one #include of file at.file: queues every file it may name.
 * Returns 0, 1 when the walk of the file's includes stops here, or -1
 * when out of memory. */
static int follow(prefilter *pf, pf_plan *plan, pf_queue *q, pf_cand at,
		  const pf_include *inc)
{
	const pf_cands *c;

	if (inc->computed && inc->probe) {
		/* What it finds is not known: no complete key. */
		plan->probe_unknown = 1;
		plan->partial |= pf->whole;
		return 0;
	}
	if (inc->computed) {
		plan->must_run = plan->partial = 1;
		return 1;
	}
	if (!(c = resolve(pf, plan, pf->files.items[at.file].path, inc)))
		return -1;
	for (size_t k = 0; k < c->count; k++)
		if (c->items[k].via &&
		    !pf_strs_has(&plan->used_dirs, c->items[k].via) &&
		    pf_strs_push(&plan->used_dirs, c->items[k].via))
			return -1;
	if (inc->probe) {
		/* Looked for, not read: what it finds keys the cache. */
		for (size_t k = 0; pf->whole && k < c->count; k++)
			if (add_file(plan, c->items[k].file))
				return -1;
		return 0;
	}
	/* An include of the unit's own code that resolves nowhere (a
	 * generated config.h not generated yet): its #if branch may not be
	 * taken, but when it is, the unit does not compile, and that compile
	 * error must be shown, not a clean skip. The search above is the
	 * compiler's, so that no file the compiler would find is missed. In
	 * a system header, the branch is another platform's. */
	if (!c->count && !at.system) {
		plan->unresolved = 1;
		return !pf->whole && !pf->cover;
	}
	for (size_t k = 0; k < c->count; k++) {
		pf_cand *slot = AUDIT_PUSH(q);

		if (!slot)
			return -1;
		*slot = c->items[k];
	}
	return 0;
}

static int visit(prefilter *pf, pf_plan *plan, pf_queue *q, pf_cand at)
{
	int res = mark_reached(pf, plan, at);

	if (res)
		return res < 0 ? -1 : 0;
	if (!pf->files.items[at.file].readable) {
		plan->must_run = plan->partial = 1;
		return 0;
	}
	if (at.system && names_record(pf, &pf->files.items[at.file]))
		plan->record = 1;	/* a record some finding needs no
					   flag name in */
	/* f moves when resolving adds files: index from here on. The
	 * includes array itself does not move. */
	for (size_t i = 0; i < pf->files.items[at.file].includes.count &&
			   !pf_walk_done(pf, plan) && !res; i++)
		res = follow(pf, plan, q, at,
			     &pf->files.items[at.file].includes.items[i]);
	return res < 0 ? -1 : 0;
}

/* A .clang-tidy above the file that mentions flagspace may add rules
 * that are not known here. */
int pf_has_own_config(const char *file)
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

int pf_walk(prefilter *pf, pf_plan *plan, const audit_tu *tu)
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
	for (size_t i = 0; i < q.count && !res && !pf_walk_done(pf, plan); i++) {
		if (i)
			pf->files.items[q.items[i].file].is_header = 1;
		res = visit(pf, plan, &q, q.items[i]);
	}
	free(q.items);
	return res;
}

/* ---- the names that matter ---- */

int pf_may_find(const prefilter *pf, const pf_plan *plan)
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
