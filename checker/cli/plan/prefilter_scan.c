/* prefilter_scan.c: what the prefilter needs to know of one source file:
 * the identifiers the compiler may expand or parse (outside comments and
 * the non-expanding parts of directives), its #include lines and its
 * #define lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "prefilter.h"
#include "strset.h"

/* The file with its line splices (backslash-newline, and the trigraph
 * ??/-newline) removed, as translation phase 2 does: an identifier split
 * over two lines is one identifier. */
static char *read_spliced(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t len = 0, cap = 0;
	int c;

	if (!f)
		return NULL;
	while ((c = getc(f)) != EOF) {
		if (len + 2 > cap) {
			char *grown = realloc(text, cap = 2 * cap + 65536);

			if (!grown) {
				free(text);
				fclose(f);
				return NULL;
			}
			text = grown;
		}
		text[len++] = (char)c;
		if (c != '\n')
			continue;
		/* Drop the splice just written: "\\\n", "\\\r\n", "??/\n". */
		if (len >= 2 && text[len - 2] == '\\')
			len -= 2;
		else if (len >= 3 && text[len - 3] == '\\' && text[len - 2] == '\r')
			len -= 3;
		else if (len >= 4 && !memcmp(text + len - 4, "?""?/", 3))
			len -= 4;
	}
	fclose(f);
	if (!text && !(text = malloc(1)))
		return NULL;
	text[len] = '\0';
	return text;
}

/* Whether the identifier-like run ending just before `at` (and starting
 * at or after `text`) is exactly one of the NULL-ended `words`. */
static int run_before_is(const char *text, const char *at,
			 const char *const *words)
{
	const char *s = at;

	while (s > text && pf_is_ident_char((unsigned char)s[-1]))
		s--;
	for (; *words; words++)
		if ((size_t)(at - s) == strlen(*words) &&
		    !memcmp(s, *words, (size_t)(at - s)))
			return 1;
	return 0;
}

/* The end of the string or character literal opened by the quote at `p`
 * (past its closing quote), or the end of the line where it is not closed. */
static char *skip_quoted(char *p)
{
	char quote = *p++;

	while (*p && *p != quote && *p != '\n')
		p += (*p == '\\' && p[1] && p[1] != '\n') ? 2 : 1;
	return *p == quote ? p + 1 : p;
}

/* The end of the raw string R"d(...)d" whose quote is at `p`, or NULL when
 * its delimiter is not one (then it is read as an ordinary string). */
static char *skip_raw(char *p)
{
	char *open = p + 1, *close;
	char end[20];
	size_t n = strcspn(open, "( )\\\t\n\"");

	if (n > 16 || open[n] != '(')
		return NULL;
	end[0] = ')';
	memcpy(end + 1, open, n);
	end[n + 1] = '"';
	end[n + 2] = '\0';
	close = strstr(open + n + 1, end);
	return close ? close + n + 2 : open + strlen(open);
}

/* Blanks the comments out of the text, as translation phase 3 makes each
 * a space (newlines kept), so that their words do not keep a unit. String
 * and character literals are skipped whole: a "//" in a URL is no comment.
 * A quote after a digit or a name is a digit separator (1'000), unless the
 * name is an encoding prefix. Where a literal is not closed, its line ends
 * it, so one odd quote cannot hide a comment's end or blank code. */
static void blank_comments(char *text)
{
	static const char *const char_prefixes[] = { "L", "u", "U", "u8",
						     NULL };
	static const char *const raw_prefixes[] = { "R", "LR", "uR", "UR",
						    "u8R", NULL };
	char *p = text;

	while (*p) {
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
		} else if (p[0] == '/' && p[1] == '*') {
			char *end = strstr(p + 2, "*/");
			char *stop = end ? end + 2 : p + strlen(p);

			for (; p < stop; p++)
				if (*p != '\n')
					*p = ' ';
		} else if (*p == '"') {
			char *raw = run_before_is(text, p, raw_prefixes)
					    ? skip_raw(p)
					    : NULL;

			p = raw ? raw : skip_quoted(p);
		} else if (*p == '\'' && (p == text ||
					  !pf_is_ident_char((unsigned char)p[-1]) ||
					  run_before_is(text, p, char_prefixes))) {
			p = skip_quoted(p);
		} else {
			p++;
		}
	}
}

static char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\f' || *p == '\v' || *p == '\r')
		p++;
	return (char *)p;
}

static char *dup_range(const char *a, const char *b)
{
	return strndup(a, (size_t)(b - a));
}

static int push_str(pf_strs *v, char *s)
{
	char **slot;

	if (!s || !(slot = AUDIT_PUSH(v)))
		return -1;
	*slot = s;
	return 0;
}

/* #include "x", <x>, or a computed include. The header name is blanked
 * out of the text: it is one header-name token, not identifiers (the
 * "fcntl" of <fcntl.h> names no function). */
static int scan_include(pf_file *f, char *p, const char *eol)
{
	pf_include *inc = AUDIT_PUSH(&f->includes);
	const char *end;

	if (!inc)
		return -1;
	p = skip_blanks(p);
	if (*p == '"' || *p == '<') {
		char close = *p == '"' ? '"' : '>';

		end = memchr(p + 1, close, (size_t)(eol - p - 1));
		if (end) {
			inc->angled = *p == '<';
			inc->name = dup_range(p + 1, end);
			memset(p, ' ', (size_t)(end - p + 1));
			return inc->name ? 0 : -1;
		}
	}
	inc->computed = 1;
	return 0;
}

/* Whether p lies on a #define line of text. */
static int on_define_line(const char *text, const char *p)
{
	const char *line = p;

	while (line > text && line[-1] != '\n')
		line--;
	line = skip_blanks(line);
	if (*line != '#')
		return 0;
	line = skip_blanks(line + 1);
	return !strncmp(line, "define", 6);
}

/* Each __has_include(<x>) or __has_include_next("x") of the text, as a
 * probe: the header is looked for, not read, but the search path decides
 * what the test says. */
static int scan_probes(pf_file *f, const char *text)
{
	for (const char *p = strstr(text, "__has_include"); p;
	     p = strstr(p, "__has_include")) {
		const char *q = p + strlen("__has_include"), *end;
		pf_include *inc;

		if (!strncmp(q, "_next", 5))
			q += 5;
		if ((p > text && pf_is_ident_char((unsigned char)p[-1])) ||
		    pf_is_ident_char((unsigned char)*q)) {
			p = q;
			continue;
		}
		q = skip_blanks(q);
		if (*q != '(' && !on_define_line(text, p)) {
			p = q;	/* #ifdef __has_include: no lookup */
			continue;
		}
		if (!(inc = AUDIT_PUSH(&f->includes)))
			return -1;
		inc->probe = 1;
		if (*q == '(')
			q = skip_blanks(q + 1);
		end = (*q == '<' || *q == '"')
			? strchr(q + 1, *q == '<' ? '>' : '"') : NULL;
		if (end && !memchr(q, '\n', (size_t)(end - q))) {
			inc->angled = *q == '<';
			if (!(inc->name = dup_range(q + 1, end)))
				return -1;
		} else {
			inc->computed = 1;
		}
		p = q;
	}
	return 0;
}

/* #define NAME body: the identifiers of the body, and what its token
 * pastes (##) can make. */
static int scan_define(pf_file *f, const char *p, const char *eol)
{
	pf_define *d;
	const char *name;

	p = skip_blanks(p);
	if (!pf_is_ident_start((unsigned char)*p))
		return 0;
	if (!(d = AUDIT_PUSH(&f->defines)))
		return -1;
	for (name = p; p < eol && pf_is_ident_char((unsigned char)*p); p++)
		;
	if (!(d->name = dup_range(name, p)) || pf_scan_pastes(d, p, eol))
		return -1;
	while (p < eol) {
		if (pf_is_ident_start((unsigned char)*p)) {
			const char *s = p;

			while (p < eol && pf_is_ident_char((unsigned char)*p))
				p++;
			if (push_str(&d->body, dup_range(s, p)))
				return -1;
		} else {
			p++;
		}
	}
	return 0;
}

static int is_word(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(end - p) == n && !memcmp(p, word, n);
}

static void blank(char *p, const char *end)
{
	while (p < end)
		*p++ = ' ';
}

/* Blanks the name after each `defined` (or `defined (`) of an #if
 * expression: it is tested, not expanded. The other words of the line
 * are expanded and stay. */
static void blank_defined_names(char *p, const char *eol)
{
	while (p < eol) {
		char *w = p;

		if (!pf_is_ident_start((unsigned char)*p)) {
			p++;
			continue;
		}
		while (p < eol && pf_is_ident_char((unsigned char)*p))
			p++;
		if (!is_word(w, p, "defined"))
			continue;
		w = skip_blanks(p);
		if (*w == '(')
			w = skip_blanks(w + 1);
		for (p = w; p < eol && pf_is_ident_char((unsigned char)*p); p++)
			;
		blank(w, p);
	}
}

/* A directive line, `p` just after its '#'. Its words are no spelling
 * where the preprocessor does not expand them: a #define (its name, and
 * its body, which counts through the closure over macros), #undef,
 * #ifdef, #ifndef, #elifdef, #elifndef and the operands of `defined`;
 * those are blanked out of the text. #if, #elif, #pragma, #line and the
 * others keep their words. */
static int scan_directive(pf_file *f, char *p, char *eol)
{
	static const char *const tests[] = { "undef", "ifdef", "ifndef",
					     "elifdef", "elifndef", NULL };
	char *w = skip_blanks(p), *e = w;

	while (e < eol && pf_is_ident_char((unsigned char)*e))
		e++;
	if (is_word(w, e, "include") || is_word(w, e, "include_next") ||
	    is_word(w, e, "import"))
		return scan_include(f, e, eol);
	if (is_word(w, e, "define")) {
		int res = scan_define(f, e, eol);

		blank(e, eol);
		return res;
	}
	for (const char *const *t = tests; *t; t++)
		if (is_word(w, e, *t)) {
			blank(e, eol);
			return 0;
		}
	if (is_word(w, e, "if") || is_word(w, e, "elif"))
		blank_defined_names(e, eol);
	return 0;
}

/* Every identifier-like word of the text, once each; `seen` maps each to
 * its index. The words of string literals are kept: they only let more
 * units through. */
static int scan_idents(pf_file *f, const char *text, strset *seen_out)
{
	strset seen = { 0 };
	int res = 0;

	for (const char *p = text; *p && !res;) {
		if ((*p >= '0' && *p <= '9')) {
			while (pf_is_ident_char((unsigned char)*p) || *p == '.')
				p++;
		} else if (pf_is_ident_start((unsigned char)*p)) {
			const char *s = p;
			char *word;

			while (pf_is_ident_char((unsigned char)*p))
				p++;
			if (!(word = dup_range(s, p)))
				res = -1;
			else if (strset_get(&seen, word) != STRSET_NONE)
				free(word);
			else if (strset_put(&seen, word, f->idents.count) ||
				 push_str(&f->idents, word))
				res = -1;
		} else {
			p++;
		}
	}
	*seen_out = seen;
	return res;
}

int pf_strs_has(const pf_strs *v, const char *s)
{
	for (size_t i = 0; i < v->count; i++)
		if (!strcmp(v->items[i], s))
			return 1;
	return 0;
}

void pf_file_free(pf_file *f)
{
	AUDIT_FREE_STRS(&f->idents);
	AUDIT_FREE_STRS(&f->watched);
	for (size_t k = 0; k < f->includes.count; k++)
		free(f->includes.items[k].name);
	free(f->includes.items);
	for (size_t k = 0; k < f->defines.count; k++)
		pf_define_free(&f->defines.items[k]);
	free(f->defines.items);
	free(f->chunks.items);
	free(f->cwords.items);
	free(f->cdecls.items);
	free(f->cheads.items);
	free(f->cargs.items);
	free(f->defs.items);
	free(f->gens.items);
	free(f->inner.items);
}

int pf_strs_push(pf_strs *v, const char *s)
{
	char **slot = AUDIT_PUSH(v);

	return slot && (*slot = strdup(s)) ? 0 : -1;
}

int pf_is_regular(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* The words of `watch` in the text, once each: macros a command line
 * defines, to tell whether defining them can change anything. */
static int scan_watched(pf_file *f, const char *text, const strset *watch)
{
	for (const char *p = text; *p;) {
		const char *s = p;
		char word[256];

		if (!pf_is_ident_start((unsigned char)*p)) {
			p++;
			continue;
		}
		while (pf_is_ident_char((unsigned char)*p))
			p++;
		if ((size_t)(p - s) >= sizeof(word) || (s > text &&
		    pf_is_ident_char((unsigned char)s[-1])))
			continue;
		memcpy(word, s, (size_t)(p - s));
		word[p - s] = '\0';
		if (strset_get(watch, word) != STRSET_NONE &&
		    !pf_strs_has(&f->watched, word) &&
		    push_str(&f->watched, strdup(word)))
			return -1;
	}
	return 0;
}

/* The digest of the text up to the end of its last #include line (as a
 * main file: what every header it includes is read after). */
static void digest_prefix(pf_file *f, const char *text)
{
	const char *end = text;
	sha256 s;

	for (const char *line = text; *line;) {
		const char *eol = line + strcspn(line, "\n");
		const char *p = skip_blanks(line);

		if (*p == '#' || (p[0] == '%' && p[1] == ':')) {
			p = skip_blanks(p + (*p == '#' ? 1 : 2));
			if (!strncmp(p, "include", 7) || !strncmp(p, "import", 6))
				end = eol;
		}
		line = *eol ? eol + 1 : eol;
	}
	sha256_init(&s);
	sha256_add(&s, text, (size_t)(end - text));
	sha256_end(&s, f->prefix);
	f->has_prefix = 1;
}

int pf_scan_file(pf_file *f, const strset *watch)
{
	char *text = read_spliced(f->path);
	int res = 0;

	f->scanned = 1;
	if (!text)
		return 0;	/* unreadable: f->readable stays 0 */
	f->readable = 1;
	/* Comments first: each is a space before directives are recognised
	 * (translation phase 3 comes before 4), so a directive after a
	 * comment on its line is one, and a commented one is none. */
	blank_comments(text);
	digest_prefix(f, text);
	if (watch && watch->count)
		res = scan_watched(f, text, watch);
	if (!res)
		res = scan_probes(f, text);
	for (char *line = text; *line && !res;) {
		char *eol = line + strcspn(line, "\n");
		char *p = skip_blanks(line);

		if (*p == '#')
			res = scan_directive(f, p + 1, eol);
		else if (p[0] == '%' && p[1] == ':')	/* digraph of # */
			res = scan_directive(f, p + 2, eol);
		line = *eol ? eol + 1 : eol;
	}
	if (!res) {
		strset index = { 0 };

		res = scan_idents(f, text, &index);
		if (!res)
			res = pf_scan_decls(f, text, &index);
		strset_free(&index);
	}
	free(text);
	return res;
}
