/* share_sound.c: whether a unit preprocesses the same with a shared set P
 * of headers included before its own text, where its own run included
 * them interleaved with that text. Decided from the text, conservatively:
 * a "no" only costs the unit its set.
 *
 * The unit's include tree (share_tree.c) says what each line of each
 * file comes after. P's headers move in front of every line they came
 * after, and the files they include (P's inner files) with them; the
 * forced includes (-include, and what they include) come first either
 * way. "Live" names are those P's own preprocessing tests (#ifdef X,
 * defined(X)) or expands (in code and #if expressions of P or its inner
 * files, and in the replacement lists, of those or of a forced include,
 * of the macros they expand); each counts at the last file of P (or
 * inner) that reads it. A line of the unit's other files (the main
 * file's too) is "early" when a header of P or an inner file comes
 * after it. The unit is not sound when an early line
 *   (a) #defines or #undefs a name live after it, or one that a later
 *       header of P (or inner file) #defines or #undefs: P now reads it
 *       before;
 *   (b) tests (#ifdef, #ifndef, #elifdef, #elifndef, defined(), or a
 *       name of #if) a name that a later header of P (or inner file)
 *       #defines or #undefs, or
 *   (d) expands (code, #if expressions, a computed #include) a name that
 *       may expand, through the replacement lists of the macros the
 *       unit's files and P define, to such a name,
 *       unless a forced include defines it (a macro either way): it now
 *       reads it after;
 * or when (c) the unit's command and the set's build differ in a -D or
 * -U of a name live in P or that P defines. A header of P the unit does
 * not open, or a file that cannot be read, is a "no" too. Not weighed:
 * the other flags of the two commands (the caller builds the set with
 * the unit's; clang rejects a set built for another language or target).
 * A use counts at the first line its file names it, and every
 * definition of a macro in any branch: both only make more "no"s. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "share_pch_text.h"
#include "share_tree.h"
#include "strbuf.h"

/* What one call weighs. */
typedef struct sound {
	share_files *files;
	share_pch *pch;
	struct share_pch_text *t;
	const share_deps *unit;
	strset pos;		/* the unit's file -> its place */
	size_t *ppos;		/* per header of P: its place in the unit */
	char *in_p;		/* per place: of P */
	share_node *nodes;	/* per place: its include tree */
	size_t last;		/* the last place of P or an inner file */
	strset forced_defs;	/* the names forced includes #define */
	strset inner_defs;	/* inner files': name -> the last place */
	share_bodies own;	/* the macros of the unit's other files */
	share_scan_vec more;	/* the forced and inner files */
	strset seen;		/* names walked from the early lines */
	fs_buf key;		/* the forced and inner files' paths */
	size_t origin;		/* the last place before the line walked */
	const char *by;		/* the header the walk stopped at */
	char *why;
	size_t whylen;
} sound;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
/* Writes why the unit is not sound; returns 0, its verdict. */
static int say(sound *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (s->whylen)
		vsnprintf(s->why, s->whylen, fmt, ap);
	va_end(ap);
	return 0;
}

/* Whether P's header at w leaves `name` no macro (apicdef.h's u32 on
 * x86-32): its last word on it an #undef in the branch of its every
 * #define, and no other file of P, inner or forced defining it (whose
 * macro the #undef would end). */
static int leaves_none(const sound *s, const char *name, size_t w)
{
	const share_where *at = &s->t->at.items[w];

	return at->undef && at->next == STRSET_NONE &&
	       strset_get(&s->t->defs, name) == w &&
	       strset_get(&s->inner_defs, name) == STRSET_NONE &&
	       strset_get(&s->forced_defs, name) == STRSET_NONE;
}

/* The first header of P that #defines or #undefs `name` and that the
 * unit opens after place `at`, else an inner file doing so, or NULL.
 * With `reads`, not a header that leaves it no macro. */
static const char *after(const sound *s, const char *name, size_t at,
			 int reads)
{
	size_t first = STRSET_NONE, h;

	for (size_t w = strset_get(&s->t->defs, name); w != STRSET_NONE;
	     w = s->t->at.items[w].next)
		if (s->ppos[h = s->t->at.items[w].header] > at &&
		    !(reads && leaves_none(s, name, w)) &&
		    (first == STRSET_NONE || s->ppos[h] < s->ppos[first]))
			first = h;
	if (first != STRSET_NONE)
		return s->pch->headers.items[first];
	h = strset_get(&s->inner_defs, name);
	return h != STRSET_NONE && h > at ? s->unit->files.items[h] : NULL;
}

/* The file of P (or inner) opened after place `at` that tests or
 * expands `name`, or NULL. */
static const char *live(const sound *s, const char *name, size_t at)
{
	const char *f = share_pch_live_in(s->t, name);

	return f && strset_get(&s->pos, f) > at ? f : NULL;
}

static int forced_def(const sound *s, const char *name)
{
	return strset_get(&s->forced_defs, name) != STRSET_NONE;
}

/* The unit's places of its files and of P's headers; 0 when it does not
 * open one of P. */
static int places(sound *s)
{
	const share_strs *f = &s->unit->files;

	for (size_t i = 0; i < f->count; i++)
		if (strset_get(&s->pos, f->items[i]) == STRSET_NONE &&
		    strset_put(&s->pos, f->items[i], i))
			return -1;
	s->ppos = calloc(s->pch->headers.count + 1, sizeof(size_t));
	s->in_p = calloc(f->count + 1, 1);
	if (!s->ppos || !s->in_p)
		return -1;
	for (size_t k = 0; k < s->pch->headers.count; k++) {
		s->ppos[k] = strset_get(&s->pos, s->pch->headers.items[k]);
		if (s->ppos[k] == STRSET_NONE || !s->ppos[k])
			return say(s, "%s: does not include the shared header %s",
				   f->items[0], s->pch->headers.items[k]);
		s->in_p[s->ppos[k]] = 1;
	}
	return 1;
}

/* A forced file, a header of P or an inner file: its path in the key;
 * a forced or inner file's macros, with the names they define; the
 * files that move with P, in order. */
static int take(sound *s, size_t i, share_scan_vec *side)
{
	const share_node *n = &s->nodes[i];
	strset *defs = n->forced ? &s->forced_defs : &s->inner_defs;
	share_text_scan **slot;

	fs_buf_puts(&s->key, n->scan->path);
	fs_buf_putn(&s->key, "\n", 1);
	if (n->kind != SHARE_FORCED &&
	    (!(slot = AUDIT_PUSH(side)) || !(*slot = n->scan)))
		return -1;
	if (n->kind == SHARE_P && !n->forced)
		return s->key.failed ? -1 : 0;
	if (share_bodies_add(&s->own, n->scan) ||
	    !(slot = AUDIT_PUSH(&s->more)))
		return -1;
	*slot = n->scan;
	for (size_t k = 0; k < n->scan->marks.count; k++)
		if (n->scan->marks.items[k].kind != SHARE_TESTS &&
		    strset_put(defs, n->scan->marks.items[k].name, i))
			return -1;
	return s->key.failed ? -1 : 0;
}

/* The tree, the forced and inner files taken, P's live names made. */
static int read_tree(sound *s, const share_cmd *cmd)
{
	const share_strs *f = &s->unit->files;
	share_scan_vec side = { 0 };
	int res = 1;

	if (!(s->nodes = calloc(f->count + 1, sizeof(*s->nodes))) ||
	    share_tree(s->files, f, cmd->forced, s->in_p, s->nodes))
		return -1;
	for (size_t i = 0; res == 1 && i < f->count; i++) {
		const share_node *n = &s->nodes[i];

		if (!n->scan->readable)
			res = say(s, "%s: cannot be read", f->items[i]);
		else if (n->kind != SHARE_OWN && n->kind != SHARE_MAIN)
			res = take(s, i, &side) ? -1 : 1;
		if (n->kind == SHARE_P || n->kind == SHARE_INNER)
			s->last = i;
	}
	if (res == 1 && share_pch_live(s->t, s->more.items, s->more.count,
				       side.items, side.count,
				       fs_buf_str(&s->key)))
		res = -1;
	free(side.items);
	return res;
}

static int has_str(const share_strs *v, const char *str)
{
	for (size_t i = 0; v && i < v->count; i++)
		if (!strcmp(v->items[i], str))
			return 1;
	return 0;
}

/* The -D and -U of a command, each one word ("-DX=1", "-UX"). */
static int macro_args(const share_strs *args, share_strs *out)
{
	for (size_t i = 0; args && i < args->count; i++) {
		const char *a = args->items[i], *rest = "";
		char **slot;

		if (strncmp(a, "-D", 2) && strncmp(a, "-U", 2))
			continue;
		if (!a[2] && i + 1 < args->count)
			rest = args->items[++i];	/* -D NAME */
		if (!(slot = AUDIT_PUSH(out)) ||
		    !(*slot = malloc(strlen(a) + strlen(rest) + 1)))
			return -1;
		strcat(strcpy(*slot, a), rest);
	}
	return 0;
}

/* (c): a -D or -U of `mine` that `theirs` lacks, of a name P tests,
 * expands or defines. */
static int check_one_way(sound *s, const share_strs *mine,
			 const share_strs *theirs, const char *fmt)
{
	for (size_t i = 0; i < mine->count; i++) {
		const char *a = mine->items[i];
		char name[256];
		size_t n = strcspn(a + 2, "=(");
		const char *h;

		if (has_str(theirs, a) || n >= sizeof(name))
			continue;
		memcpy(name, a + 2, n);
		name[n] = '\0';
		if ((h = live(s, name, 0)))
			return say(s, fmt, a, h, "uses", name);
		if ((h = after(s, name, 0, 0)))
			return say(s, fmt, a, h, "defines", name);
	}
	return 1;
}

static int check_args(sound *s, const share_cmd *cmd)
{
	share_strs unit = { 0 }, pch = { 0 };
	int res = macro_args(cmd->unit_args, &unit) ||
		  macro_args(cmd->pch_args, &pch) ? -1 : 1;

	if (res == 1)
		res = check_one_way(s, &unit, &pch, "the unit's %s is not in "
				    "the shared headers' build, and %s %s %s");
	if (res == 1)
		res = check_one_way(s, &pch, &unit, "the shared headers' build's "
				    "%s is not in the unit's command, and %s "
				    "%s %s");
	AUDIT_FREE_STRS(&unit);
	AUDIT_FREE_STRS(&pch);
	return res;
}

/* Whether a file defines `name`, whenever it is read, before line `line`
 * of the file at place i: then i's "#ifndef name / #define name" there
 * does nothing, in the unit's run and with P (nospec.h's barrier_nospec
 * after barrier.h's). A line is before another when fewer files were
 * opened before it (or it is a forced include's, before the unit's
 * own). */
static int defined_before(const sound *s, size_t i, size_t line,
			  const char *name)
{
	size_t here = share_tree_before(s->nodes, i, line);

	for (size_t j = 0; j < s->unit->files.count; j++) {
		size_t l = strset_get(&s->nodes[j].scan->plain, name);

		if (l != STRSET_NONE && j != i &&
		    ((s->nodes[j].forced && !s->nodes[i].forced) ||
		     share_tree_before(s->nodes, j, l) < here))
			return 1;
	}
	return 0;
}

/* (a) for the file at place i. */
static int check_defines(sound *s, size_t i)
{
	const share_text_scan *f = s->nodes[i].scan;

	for (size_t k = 0; k < f->marks.count; k++) {
		const share_mark *m = &f->marks.items[k];
		const char *verb = m->kind == SHARE_DEFINES ? "defines"
							    : "undefines", *h;
		size_t at = share_tree_before(s->nodes, i, m->line);

		if (m->kind == SHARE_TESTS || at >= s->last ||
		    (m->fallback && defined_before(s, i, m->line, m->name)))
			continue;
		if ((h = live(s, m->name, at)))
			return say(s, "%s:%zu: %s %s, which the shared header "
				   "%s uses", f->path, m->line, verb, m->name,
				   h);
		if ((h = after(s, m->name, at, 0)))
			return say(s, "%s:%zu: %s %s, which the shared header "
				   "%s defines too", f->path, m->line, verb,
				   m->name, h);
	}
	return 1;
}

static int stops(void *ctx, const char *name)
{
	sound *s = ctx;

	return !forced_def(s, name) && (s->by = after(s, name, s->origin, 1));
}

/* Walks from `root`, which f tests (not expanding it: maps 0) or uses at
 * `line`, read after place `at`. */
static int walk(sound *s, const share_text_scan *f, const char *root,
		size_t line, size_t at, size_t maps_n)
{
	const share_bodies *maps[] = { &s->own, &s->t->bodies };
	const char *verb = maps_n ? "uses" : "tests";
	char *hit = NULL;
	int res;

	if (at >= s->last)
		return 1;
	s->origin = at;
	if (!maps_n) {	/* not expanded: only the name itself */
		if (!stops(s, root))
			return 1;
		return say(s, "%s:%zu: tests %s before the shared header %s "
			   "defines it", f->path, line, root, s->by);
	}
	s->origin = at;
	res = share_reach(maps, maps_n, &s->seen, root, at, stops, s, &hit);
	if (res <= 0)
		return res ? -1 : 1;
	if (!strcmp(hit, root))
		say(s, "%s:%zu: %s %s before the shared header %s defines it",
		    f->path, line, verb, root, s->by);
	else
		say(s, "%s:%zu: %s %s, which may expand to %s, before the "
		    "shared header %s defines it", f->path, line, verb, root,
		    hit, s->by);
	free(hit);
	return 0;
}

/* (b) and (d) for the file at place i. */
static int check_reads(sound *s, size_t i)
{
	const share_text_scan *f = s->nodes[i].scan;
	int res = 1;

	for (size_t k = 0; res == 1 && k < f->marks.count; k++)
		if (f->marks.items[k].kind == SHARE_TESTS)
			res = walk(s, f, f->marks.items[k].name,
				   f->marks.items[k].line,
				   share_tree_before(s->nodes, i,
						     f->marks.items[k].line),
				   0);
	for (size_t k = 0; res == 1 && k < f->uses.cap; k++)
		if (f->uses.keys[k])
			res = walk(s, f, f->uses.keys[k], f->uses.values[k],
				   share_tree_before(s->nodes, i,
						     f->uses.values[k]),
				   2);
	return res;
}

/* The unit's own files (the main file's too) read before P's last. */
static int check_own(sound *s)
{
	int res = 1;

	for (size_t i = 0; res == 1 && i < s->last; i++)
		if ((s->nodes[i].kind == SHARE_OWN ||
		     s->nodes[i].kind == SHARE_MAIN) &&
		    share_bodies_add(&s->own, s->nodes[i].scan))
			res = -1;
	for (size_t i = 0; res == 1 && i < s->last; i++)
		if (s->nodes[i].kind == SHARE_OWN ||
		    s->nodes[i].kind == SHARE_MAIN) {
			res = check_defines(s, i);
			if (res == 1)
				res = check_reads(s, i);
		}
	return res;
}

static void sound_free(sound *s)
{
	strset_free(&s->pos);
	free(s->ppos);
	free(s->in_p);
	free(s->nodes);
	strset_free(&s->forced_defs);
	strset_free(&s->inner_defs);
	share_bodies_free(&s->own);
	free(s->more.items);
	strset_free(&s->seen);
	fs_buf_free(&s->key);
}

int share_sound(share_files *files, share_pch *pch, const share_deps *unit,
		const share_cmd *cmd, char *why, size_t whylen)
{
	sound s = { 0 };
	int res;

	s.files = files;
	s.pch = pch;
	s.unit = unit;
	s.why = why;
	s.whylen = whylen;
	if (whylen)
		why[0] = '\0';
	if (share_pch_read(files, pch))
		return -1;
	s.t = pch->text;
	if (s.t->unread)
		return say(&s, "%s: cannot be read", pch->headers.items[s.t->bad]);
	if (!unit->files.count)
		return say(&s, "a unit without files");
	res = places(&s);
	if (res == 1)
		res = read_tree(&s, cmd);
	if (res == 1)
		res = check_args(&s, cmd);
	if (res == 1)
		res = check_own(&s);
	sound_free(&s);
	return res;
}
