/* share_scan.c: one file's names as share_sound weighs them: which it
 * defines or undefines, tests in a conditional, uses in code (expanded
 * where they stand), and every one it spells; each file read once. */
#include <stdlib.h>
#include <string.h>

#include "base/count_of.h"
#include "base/fnv.h"
#include "fileio.h"
#include "share_scan.h"
#include "share_ids.h"
#include "share_text.h"

static int put_first(strset *s, const char *w, const char *we, size_t line)
{
	char *name = strndup(w, (size_t)(we - w));
	int res = !name ? -1 : strset_get(s, name) != STRSET_NONE ? 0
			   : strset_put(s, name, line);

	free(name);
	return res;
}

/* The branch the scan is in, 0 outside any (deeper than 64: the 64th). */
static uint64_t branch_now(const share_text_scan *s)
{
	size_t d = s->depth < FS_COUNT_OF(s->conds) ? s->depth
						      : FS_COUNT_OF(s->conds);

	return d ? s->conds[d - 1] : 0;
}

static share_mark *mark(share_text_scan *s, const char *w, const char *we,
			size_t line, int kind)
{
	share_mark *m = AUDIT_PUSH(&s->marks);

	if (!m || !(m->name = strndup(w, (size_t)(we - w))))
		return NULL;
	m->line = line;
	m->kind = kind;
	m->cond = branch_now(s);
	m->fallback = kind == SHARE_DEFINES && s->depth &&
		      s->depth <= FS_COUNT_OF(s->ifndef) &&
		      s->ifndef[s->depth - 1] == fs_fnv64(w, (size_t)(we - w));
	s->guard_ok |= m->fallback && s->directives == 2 && s->depth == 1;
	return m;
}

/* The hash of X in "#ifndef X", or 0. */
static uint64_t ifndef_name(const share_line *l)
{
	const char *p = l->rest, *w, *we;

	if (!share_word_is(l->word, l->word_end, "ifndef") ||
	    !share_next_ident(&p, l->end, &w, &we))
		return 0;
	return fs_fnv64(w, (size_t)(we - w));
}

/* Opens (#if...), turns (#else, #elif...) or closes (#endif) a branch:
 * a branch is its directive's text hashed with the branch it opens in or
 * turns from, so that two of the same texts in the same place are one
 * condition. */
static void branch(share_text_scan *s, const share_line *l)
{
	static const char *const opens[] = { "if", "ifdef", "ifndef", NULL };
	uint64_t h = branch_now(s);
	int open = 0;

	for (const char *const *o = opens; *o; o++)
		open |= share_word_is(l->word, l->word_end, *o);
	if (share_word_is(l->word, l->word_end, "endif")) {
		s->depth -= s->depth > 0;
		return;
	}
	if (!open && (!s->depth || l->word_end - l->word < 2 ||
		      l->word[0] != 'e' || l->word[1] != 'l'))
		return;
	s->depth -= !open;
	h = (h ^ fs_fnv64(l->word, (size_t)(l->end - l->word))) *
	    1099511628211ull + (uint64_t)open;
	if (s->depth < FS_COUNT_OF(s->conds)) {
		s->conds[s->depth] = h;
		s->ifndef[s->depth] = ifndef_name(l);
	}
	if (s->directives == 1 && s->ifndef[0])
		s->guard = h;	/* the first directive: #ifndef X */
	s->depth++;
}

/* The replacement list of a #define whose name ends at `p`: after the
 * parameters of a function-like macro, whose names expand nothing. */
static int keep_body(share_mark *m, const char *p, const char *end)
{
	if (p < end && *p == '(') {
		const char *close = memchr(p, ')', (size_t)(end - p));

		p = close ? close + 1 : end;
	}
	return (m->body = strndup(p, (size_t)(end - p))) ? 0 : -1;
}

/* Every identifier of [p, end) into `ids` (and `uses` when not NULL). */
static int spell(share_text_scan *s, const char *p, const char *end,
		 size_t line, strset *uses)
{
	const char *w, *we;

	while (share_next_ident(&p, end, &w, &we))
		if (put_first(&s->ids, w, we, line) ||
		    (uses && put_first(uses, w, we, line)))
			return -1;
	return 0;
}

/* #include <x> or "x": its name, which is no identifier, kept without
 * leading "./" and "../" to match the tails of paths; a computed one
 * expands its words. */
static int scan_include(share_text_scan *s, const share_line *l)
{
	const char *p = l->rest, *close, *base;

	s->last_include = l->line;
	while (p < l->end && (*p == ' ' || *p == '\t'))
		p++;
	close = p < l->end && (*p == '<' || *p == '"')
		? memchr(p + 1, *p == '<' ? '>' : '"', (size_t)(l->end - p - 1))
		: NULL;
	if (!close) {
		if (!s->computed)
			s->computed = l->line;
		return spell(s, l->rest, l->end, l->line, &s->uses);
	}
	for (p++; !strncmp(p, "./", 2) || !strncmp(p, "../", 3);)
		p += p[1] == '/' ? 2 : 3;
	if (p >= close)
		return 0;
	base = p;
	for (const char *q = p; q + 1 < close; q++)
		if (*q == '/')
			base = q + 1;
	return put_first(&s->includes, p, close, l->line) ||
	       put_first(&s->include_bases, base, close, 0);
}

size_t share_names_file(const share_text_scan *s, const char *path)
{
	const char *base = strrchr(path, '/');
	size_t line;

	/* A tail of the path ends in its last component: most files name
	 * no file of that name, and are told so by one short lookup. */
	if (strset_get(&s->include_bases, base ? base + 1 : path) ==
	    STRSET_NONE)
		return STRSET_NONE;
	line = strset_get(&s->includes, path);

	for (const char *p = path; line == STRSET_NONE && (p = strchr(p, '/'));)
		line = strset_get(&s->includes, ++p);
	return line;
}

/* #if and #elif: defined's operand is tested, every other name is
 * expanded (a use) and, a macro or not, tested too. */
static int scan_if(share_text_scan *s, const share_line *l)
{
	const char *p = l->rest, *w, *we;
	int operand = 0;

	while (share_next_ident(&p, l->end, &w, &we)) {
		if (share_word_is(w, we, "defined")) {
			operand = 1;
			continue;
		}
		if (!mark(s, w, we, l->line, SHARE_TESTS) ||
		    (!operand && put_first(&s->uses, w, we, l->line)))
			return -1;
		operand = 0;
	}
	return spell(s, l->rest, l->end, l->line, NULL);
}

/* The directives that name a macro first, and what that name is to the
 * rule; #if and #elif test every word they hold. */
static const struct {
	const char *word;
	int kind;
} named[] = {
	{ "define", SHARE_DEFINES }, { "undef", SHARE_UNDEFINES },
	{ "ifdef", SHARE_TESTS }, { "ifndef", SHARE_TESTS },
	{ "elifdef", SHARE_TESTS }, { "elifndef", SHARE_TESTS },
};

static int scan_directive(share_text_scan *s, const share_line *l)
{
	const char *p = l->rest, *w, *we;

	if (share_word_is(l->word, l->word_end, "include") ||
	    share_word_is(l->word, l->word_end, "include_next") ||
	    share_word_is(l->word, l->word_end, "import"))
		return scan_include(s, l);
	for (size_t i = 0; i < FS_COUNT_OF(named); i++) {
		if (!share_word_is(l->word, l->word_end, named[i].word))
			continue;
		if (share_next_ident(&p, l->end, &w, &we)) {
			share_mark *m = mark(s, w, we, l->line, named[i].kind);

			if (!m || (m->kind == SHARE_DEFINES &&
				   keep_body(m, we, l->end)))
				return -1;
		}
		return spell(s, l->rest, l->end, l->line, NULL);
	}
	if (share_word_is(l->word, l->word_end, "if") ||
	    share_word_is(l->word, l->word_end, "elif"))
		return scan_if(s, l);
	return spell(s, l->rest, l->end, l->line, NULL);
}

/* The names s #defines whenever it is read and never #undefs. */
static int find_plain(share_text_scan *s)
{
	strset undone = { 0 };
	int res = 0;

	for (size_t i = 0; !res && i < s->marks.count; i++)
		if (s->marks.items[i].kind == SHARE_UNDEFINES)
			res = strset_put(&undone, s->marks.items[i].name, 0);
	for (size_t i = 0; !res && i < s->marks.count; i++) {
		const share_mark *m = &s->marks.items[i];

		if (m->kind == SHARE_DEFINES && (!m->cond || (s->guard_ok && m->cond == s->guard)) &&
		    strset_get(&undone, m->name) == STRSET_NONE &&
		    strset_get(&s->plain, m->name) == STRSET_NONE)
			res = strset_put(&s->plain, m->name, m->line);
	}
	strset_free(&undone);
	return res;
}

int share_scan_text(share_text_scan *s, const char *text, size_t len)
{
	char *clean = share_text_clean(text, len);
	const char *p = clean;
	size_t line = 0;
	share_line l;
	int res = clean ? 0 : -1;

	memset(s, 0, sizeof(*s));
	s->readable = 1;
	while (!res && p && share_next_line(&p, &line, &l))
		if (l.kind == SHARE_DIRECTIVE) {
			s->directives++;
			res = scan_directive(s, &l);
			branch(s, &l);
		} else if (l.kind == SHARE_CODE)
			res = spell(s, l.rest, l.end, l.line, &s->uses);
	free(clean);
	return res ? res : find_plain(s);
}

void share_scan_release(share_text_scan *s)
{
	free(s->path);
	strset_free(&s->ids);
	strset_free(&s->uses);
	strset_free(&s->plain);
	for (size_t i = 0; i < s->marks.count; i++) {
		free(s->marks.items[i].name);
		free(s->marks.items[i].body);
	}
	free(s->marks.items);
	strset_free(&s->includes);
	strset_free(&s->include_bases);
	share_scan_ids_free(s->idv);
	memset(s, 0, sizeof(*s));
}

static void scan_free(share_text_scan *s)
{
	share_scan_release(s);
	free(s);
}

share_text_scan *share_files_get(share_files *f, const char *path)
{
	size_t i = strset_get(&f->by_path, path), len;
	share_text_scan *s, **slot;
	char *text;

	if (i != STRSET_NONE)
		return f->items.items[i];
	if (!(s = calloc(1, sizeof(*s))))
		return NULL;
	if ((text = cli_read_all(path, &len))) {
		int res = share_scan_text(s, text, len);

		free(text);
		if (res) {
			scan_free(s);
			return NULL;
		}
	}
	if (!(s->path = strdup(path)) || !(slot = AUDIT_PUSH(&f->items))) {
		scan_free(s);
		return NULL;
	}
	*slot = s;
	if (strset_put(&f->by_path, path, f->items.count - 1)) {
		f->items.count--;
		scan_free(s);
		return NULL;
	}
	return s;
}

void share_files_free(share_files *f)
{
	for (size_t i = 0; i < f->items.count; i++)
		scan_free(f->items.items[i]);
	free(f->items.items);
	strset_free(&f->by_path);
	strset_free(&f->names);
	memset(f, 0, sizeof(*f));
}
