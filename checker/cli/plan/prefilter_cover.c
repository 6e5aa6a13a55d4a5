/* prefilter_cover.c: the cover set. A header's code is analysed once per
 * way of reading it, not once per unit that includes it.
 *
 * Units that read their headers alike. Two C units whose commands are the
 * same (their output and main file aside, and -D of macros no file of
 * theirs names), that run in the same directory, whose main files are in
 * the same directory and whose main files' text is the same up to the end
 * of its last #include line, preprocess every header the same: everything
 * a header's tokens can depend on (macros defined before it, by the
 * command or the main file, what its includes find, the headers included
 * before it) is the same text read the same way. They form a group, whose
 * headers one unit's run analyses for all.
 *
 * A unit's own code. What a unit adds after its includes is its own code:
 * it is analysed by running the unit, and can change what is found in a
 * header in two ways, both read here from the text:
 *  - it uses a name that carries a flag: a flag name, a macro that can
 *    make one (the prefilter's closure), or a name declared by a top-level
 *    declaration that names one of these (an enumerator, a constant, a
 *    static table, a function: `static const int F = O_CREAT;`), closed
 *    again over macros and declarations until nothing changes; a
 *    declaration made by a macro that pastes names makes every unit
 *    including its file carry one (what it declares is not known);
 *  - it defines a function that some header's code calls (inside braces or
 *    in a macro body: a header's inline wrapper passing a flag on to it),
 *    or a function through a macro.
 * A unit with neither is not run when another unit of its group runs: its
 * findings are the header findings of that unit. Each group's first unit
 * that must run for its own code runs, or else its first unit.
 *
 * Limits, each making units run rather than be skipped: C units only (C++
 * templates and overloads make a header's code depend on its user); walks
 * that are not complete (a computed include, an unreadable file, flags the
 * walk does not follow) and units the prefilter runs for other reasons (a
 * .clang-tidy, a record header, an include found nowhere). */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "compiler_flags.h"
#include "plan.h"
#include "prefilter.h"
#include "sha256.h"

static const char *word(const pf_file *f, size_t i)
{
	return f->idents.items[i];
}

/* Whether a macro called `name`, or one its bodies name, can paste
 * `w` (any name when a paste cannot be followed). */
static int pastes(const pf_names *n, const char *name, const char *w,
		  strset *seen, int depth)
{
	if (depth > 32)
		return 1;
	if (strset_get(seen, name) != STRSET_NONE)
		return 0;
	if (strset_put(seen, name, 0))
		return 1;
	for (size_t i = strset_get(&n->defs, name); i != STRSET_NONE;
	     i = n->next.items[i]) {
		const pf_define *d = n->refs.items[i];

		if (d->paste_any)
			return 1;
		for (size_t k = 0; k < d->pastes.count; k++)
			if (!w || pf_paste_fits(&d->pastes.items[k], w))
				return 1;
		for (size_t k = 0; k < d->body.count; k++)
			if (pastes(n, d->body.items[k], w, seen, depth + 1))
				return 1;
	}
	return 0;
}

static int is_macro(const pf_names *n, const char *name)
{
	return strset_get(&n->defs, name) != STRSET_NONE;
}

static int push_gen(pf_file *f, size_t head)
{
	size_t *slot = AUDIT_PUSH(&f->gens);

	if (!slot)
		return -1;
	*slot = head;
	f->gen = 1;
	return 0;
}

/* Whether a macro some flagged chunk of f calls to declare can paste a
 * word m names. */
static int names_generated(const pf_names *n, const pf_file *f,
			   const pf_file *m)
{
	int found = 0;

	for (size_t g = 0; g < f->gens.count && !found; g++)
		for (size_t i = 0; i < m->idents.count && !found; i++) {
			strset seen = { 0 };

			found = pastes(n, word(f, f->gens.items[g]), word(m, i),
				       &seen, 0);
			strset_free(&seen);
		}
	return found;
}

/* Flags chunk c of f; pushes what it declares to `out`. */
static int flag_chunk(pf_names *n, pf_file *f, pf_chunk *c, pf_strs *out)
{
	c->flagged = 1;
	/* A macro is no declared name (the macros' closure has it). */
	for (size_t i = 0; i < c->ndecls; i++) {
		const char *name = word(f, f->cdecls.items[c->decls + i]);

		if (!is_macro(n, name) && pf_strs_push(out, name))
			return -1;
	}
	for (size_t i = 0; i < c->nargs; i++) {
		size_t at = f->cargs.items[c->args + i], end = i + 1;
		const char *head = word(f, at);
		strset seen = { 0 };
		int def, res = 0;

		while (end < c->nargs && f->cargs.items[c->args + end] <
						 PF_END_DEF)
			end++;
		def = end < c->nargs && f->cargs.items[c->args + end] ==
						PF_END_DEF;
		/* A function defined in a system header: its code is never
		 * reported, and its callers' findings need their own flags
		 * (a limit: one returning a flag is not followed). */
		if (def && !f->user_reached) {
			i = end;
			continue;
		}
		if (def || !is_macro(n, head))
			res = pf_strs_push(out, head);
		/* A macro's declaration: its arguments may be the names. */
		for (size_t k = i + 1; !res && !def && is_macro(n, head) &&
				       k < end; k++) {
			const char *arg = word(f, f->cargs.items[c->args + k]);

			if (!pf_is_not_name(arg) && !is_macro(n, arg))
				res = pf_strs_push(out, arg);
		}
		/* What a macro pastes: a unit naming such a name counts. */
		if (!res && is_macro(n, head) && pastes(n, head, NULL, &seen, 0))
			res = push_gen(f, at);
		strset_free(&seen);
		if (res)
			return -1;
		i = end;
	}
	return 0;
}

/* A declaration naming a flag, or in the user's own files a function of
 * role FS_ROLE_CALL: what it declares carries a flag, or a call that a
 * number given to it reaches (a wrapper). */
static int chunk_reached(const pf_names *n, const pf_file *f,
			 const pf_chunk *c)
{
	int (*trigger)(const pf_names *, const char *) =
		f->user_reached ? pf_names_trigger : pf_names_trigger_flag;

	for (size_t i = 0; i < c->nwords; i++)
		if (trigger(n, word(f, f->cwords.items[c->words + i])))
			return 1;
	return 0;
}

int pf_cover_close(pf_names *n, pf_file *files, size_t nfiles,
		   strset *inner)
{
	pf_strs found = { NULL, 0, 0 };
	int res = 0;

	do {
		for (size_t i = 0; i < found.count; i++)
			free(found.items[i]);
		found.count = 0;
		for (size_t f = 0; f < nfiles && !res; f++)
			for (size_t k = 0; k < files[f].chunks.count && !res; k++) {
				pf_chunk *c = &files[f].chunks.items[k];

				if (!c->flagged && chunk_reached(n, &files[f], c))
					res = flag_chunk(n, &files[f], c, &found);
			}
		if (!res && found.count)
			res = pf_names_carry(n, &found);
	} while (!res && found.count);
	AUDIT_FREE_STRS(&found);
	/* The words a header's code names inside braces: the functions it
	 * calls. */
	for (size_t f = 0; f < nfiles && !res; f++)
		for (size_t k = 0; files[f].is_header && k < files[f].inner.count &&
				   !res; k++)
			if (files[f].inner.items[k] &&
			    strset_put(inner, word(&files[f], k), 0))
				res = -1;
	return res;
}

/* Whether a macro called `name` has a body with a brace (it defines a
 * function, or more). */
static int macro_has_body(const pf_names *n, const char *name)
{
	for (size_t i = strset_get(&n->defs, name); i != STRSET_NONE;
	     i = n->next.items[i])
		if (strchr(n->refs.items[i]->body_text, '{'))
			return 1;
	return 0;
}

int pf_cover_own(const pf_names *n, const strset *inner, const pf_file *files,
		 const pf_plan *plan)
{
	const pf_file *m = &files[plan->main_file];

	for (size_t i = 0; i < m->idents.count; i++)
		if (pf_names_trigger(n, word(m, i)))
			return m->direct ? PF_OWN_NAMES_FLAG : PF_OWN_NAMES_CARRIER;
	for (size_t i = 0; i < plan->files.count; i++)
		if (files[plan->files.items[i]].gen &&
		    names_generated(n, &files[plan->files.items[i]], m))
			return PF_OWN_NAMES_GENERATED;
	for (size_t i = 0; i < m->defs.count; i++) {
		const char *name = word(m, m->defs.items[i]);

		if (is_macro(n, name) ||
		    strset_get(inner, name) != STRSET_NONE ||
		    strset_get(&n->users, name) != STRSET_NONE)
			return PF_OWN_DEFINES;
	}
	for (size_t i = 0; i < m->cheads.count; i++)
		if (macro_has_body(n, word(m, m->cheads.items[i])))
			return PF_OWN_DEFINES;
	return PF_OWN_NONE;
}

/* Whether args[i] names the unit's main file. */
static int is_main_arg(const audit_tu *tu, const char *arg)
{
	const char *base = strrchr(tu->file, '/');
	size_t n = strlen(arg), b;
	char *path;
	int same;

	base = base ? base + 1 : tu->file;
	b = strlen(base);
	if (n < b || strcmp(arg + n - b, base))
		return 0;
	path = audit_abs_path(tu->dir, arg);
	same = path && !strcmp(path, tu->file);
	free(path);
	return same;
}

static int names_macro(const pf_plan *plan, const char *name, size_t len)
{
	for (size_t i = 0; i < plan->watched.count; i++)
		if (strlen(plan->watched.items[i]) == len &&
		    !memcmp(plan->watched.items[i], name, len))
			return 1;
	return 0;
}

void pf_cover_key(const pf_file *files, const pf_plan *plan,
		  const audit_tu *tu, unsigned char out[SHA256_BYTES])
{
	const pf_file *m = &files[plan->main_file];
	const char *slash = strrchr(tu->file, '/');
	sha256 s;

	sha256_init(&s);
	sha256_add_str(&s, tu->dir);
	sha256_add(&s, "", 1);
	sha256_add(&s, tu->file, slash ? (size_t)(slash - tu->file) : 0);
	sha256_add(&s, "", 1);
	sha256_add(&s, m->prefix, SHA256_BYTES);
	/* __BASE_FILE__ names the main file in every header. */
	if (pf_strs_has(&plan->watched, "__BASE_FILE__"))
		sha256_add_str(&s, tu->file);
	for (size_t i = 0; i < tu->args.count; i++) {
		size_t out_words = i ? audit_output_words(tu->args.items,
							  tu->args.count, i)
				     : 0;
		cflag f = cflag_at(tu->args.items, tu->args.count, i);
		const char *name;
		size_t len = i ? cflag_macro(&f, &name) : 0;

		if (out_words) {
			i += out_words - 1;
			continue;
		}
		if (i && is_main_arg(tu, tu->args.items[i]))
			continue;
		/* -D and -U of a macro no file of the unit names */
		if (len && !names_macro(plan, name, len)) {
			i += f.words - 1;
			continue;
		}
		sha256_add_str(&s, tu->args.items[i]);
		sha256_add(&s, "", 1);
	}
	sha256_end(&s, out);
}

int pf_cover_eligible(const pf_file *files, const pf_plan *plan,
		      const audit_tu *tu)
{
	size_t n = strlen(tu->file);

	if (plan->must_run || plan->partial || plan->probe_unknown ||
	    plan->main_file == (size_t)-1 ||
	    !files[plan->main_file].has_prefix)
		return 0;
	if (n < 2 || strcmp(tu->file + n - 2, ".c"))
		return 0;
	/* -x c++ or a C++ driver reads a .c file as C++. */
	for (size_t i = 0; i < tu->args.count; i++) {
		const char *a = tu->args.items[i];

		if (!strcmp(a, "-x") || !strncmp(a, "-x", 2) ||
		    !strncmp(a, "--language", 10))
			return 0;
	}
	if (tu->args.count && (strstr(tu->args.items[0], "++") ||
			       strstr(tu->args.items[0], "clang-cl")))
		return 0;
	return 1;
}
