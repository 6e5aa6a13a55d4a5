/* fix_yaml.c: reads the fix-its of clang-tidy's --export-fixes YAML. Only
 * what LLVM's YAML writer emits is understood: indented "key: value"
 * lines, "- " items, and plain, 'single' or "double" quoted scalars. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"

enum { MAX_DEPTH = 8, MAX_KEY = 32 };

/* The keys enclosing the current line, outermost first. */
typedef struct yaml_path {
	int indent[MAX_DEPTH];
	char key[MAX_DEPTH][MAX_KEY];
	int depth;
} yaml_path;

typedef struct yaml_buf {
	char *s;
	size_t len, cap;
	int failed;
} yaml_buf;

static void buf_put(yaml_buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = 2 * (b->len + n + 1) + 16;
		char *grown = realloc(b->s, cap);

		if (!grown) {
			b->failed = 1;
			return;
		}
		b->s = grown;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void buf_utf8(yaml_buf *b, unsigned long c)
{
	char u[4];
	size_t n;

	if (c < 0x80) {
		u[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (c >> 18 & 0x07));
		u[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	buf_put(b, u, n);
}

/* A line break inside a quoted scalar folds: one break becomes a space,
 * each further empty line a newline; the next line's indent is dropped.
 * `p` is at the break; returns where the text goes on. */
static const char *fold_break(yaml_buf *b, const char *p)
{
	int breaks = 0;

	while (b->len && (b->s[b->len - 1] == ' ' || b->s[b->len - 1] == '\t'))
		b->s[--b->len] = '\0';
	while (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r')
		breaks += *p++ == '\n';
	if (breaks == 1)
		buf_put(b, " ", 1);
	for (int i = 1; i < breaks; i++)
		buf_put(b, "\n", 1);
	return p;
}

static const char *const simple_escapes[] = {
	"0\0", "a\a", "b\b", "t\t", "\t\t", "n\n", "v\v", "f\f", "r\r",
	"e\033", " ", "\"\"", "/", "\\\\",
};

/* One escape after a backslash of a double-quoted scalar. */
static const char *unescape(yaml_buf *b, const char *p)
{
	int digits = *p == 'x' ? 2 : *p == 'u' ? 4 : *p == 'U' ? 8 : 0;

	if (digits) {
		char hex[9] = "";
		char *end;
		unsigned long c;

		for (int i = 0; i < digits && p[1 + i]; i++)
			hex[i] = p[1 + i];
		c = strtoul(hex, &end, 16);
		if (end != hex + digits)
			return p;	/* kept as written */
		buf_utf8(b, c);
		return p + 1 + digits;
	}
	if (*p == '\n') {	/* an escaped break joins the lines */
		while (*++p == ' ' || *p == '\t')
			;
		return p;
	}
	if (*p == 'N' || *p == '_' || *p == 'L' || *p == 'P') {
		static const unsigned long named[] = { 0x85, 0xa0, 0x2028,
						       0x2029 };
		buf_utf8(b, named[strchr("N_LP", *p) - "N_LP"]);
		return p + 1;
	}
	for (size_t i = 0; i < sizeof(simple_escapes) / sizeof(*simple_escapes);
	     i++)
		if (simple_escapes[i][0] == *p) {
			const char *to = simple_escapes[i][1]
					 ? simple_escapes[i] + 1
					 : simple_escapes[i];

			/* "\0" maps to a NUL byte, which no path or flag
			 * name holds: keep it out of C strings. */
			if (*p != '0')
				buf_put(b, to, 1);
			return p + 1;
		}
	return p;
}

/* A quoted scalar starting at the quote `p`; returns past its closing
 * quote (or the end of the text when it has none). */
static const char *quoted(yaml_buf *b, const char *p)
{
	char q = *p++;

	while (*p) {
		if (*p == q && q == '\'' && p[1] == '\'') {
			buf_put(b, "'", 1);
			p += 2;
		} else if (*p == q) {
			return p + 1;
		} else if (*p == '\\' && q == '"') {
			p = unescape(b, p + 1);
		} else if (*p == '\n') {
			p = fold_break(b, p);
		} else {
			buf_put(b, p++, 1);
		}
	}
	return p;
}

/* The scalar at `p` (after "key:" and blanks), malloc'd; *next is the
 * start of the following line. */
static char *scalar(const char *p, const char **next)
{
	yaml_buf b = { NULL, 0, 0, 0 };

	buf_put(&b, "", 0);
	if (*p == '\'' || *p == '"') {
		p = quoted(&b, p);
		p += strcspn(p, "\n");
	} else {
		size_t n = strcspn(p, "\n");

		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' ||
			     p[n - 1] == '\r'))
			n--;
		buf_put(&b, p, n);
		p += strcspn(p, "\n");
	}
	*next = *p ? p + 1 : p;
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* The enclosing keys joined with '/', for matching. */
static void path_text(const yaml_path *y, char *out, size_t size)
{
	out[0] = '\0';
	for (int i = 0; i < y->depth; i++) {
		if (i)
			strncat(out, "/", size - strlen(out) - 1);
		strncat(out, y->key[i], size - strlen(out) - 1);
	}
}

/* After path_leave_to(y, indent). */
static void path_enter(yaml_path *y, int indent, const char *key, size_t n)
{
	if (y->depth == MAX_DEPTH)
		return;
	y->indent[y->depth] = indent;
	snprintf(y->key[y->depth], MAX_KEY, "%.*s", (int)n, key);
	y->depth++;
}

static void path_leave_to(yaml_path *y, int indent)
{
	while (y->depth && y->indent[y->depth - 1] >= indent)
		y->depth--;
}

/* Stores `value` (taken) as `key` of the diagnostic or replacement that
 * `where` names. Returns 0, or -1 when out of memory. */
static int store(fix_diags *out, const char *where, int item,
		 const char *key, char *value)
{
	fix_diag *d = out->count ? &out->items[out->count - 1] : NULL;
	fix_edit *e;
	char **slot = NULL;

	if (!strcmp(where, "Diagnostics") && item &&
	    !(d = AUDIT_PUSH(out)))
		goto oom;
	if (d && !strcmp(where, "Diagnostics")) {
		if (!strcmp(key, "DiagnosticName"))
			slot = &d->check;
		else if (!strcmp(key, "BuildDirectory"))
			slot = &d->build_dir;
	} else if (d && !strcmp(where, "Diagnostics/DiagnosticMessage")) {
		if (!strcmp(key, "Message"))
			slot = &d->message;
		else if (!strcmp(key, "FilePath"))
			slot = &d->file;
		else if (!strcmp(key, "FileOffset"))
			d->offset = strtoul(value, NULL, 10);
	} else if (d && !strcmp(where,
			   "Diagnostics/DiagnosticMessage/Replacements")) {
		if (item && !AUDIT_PUSH(&d->edits))
			goto oom;
		e = d->edits.count ? &d->edits.items[d->edits.count - 1] : NULL;
		if (e && !strcmp(key, "FilePath"))
			slot = &e->file;
		else if (e && !strcmp(key, "ReplacementText"))
			slot = &e->text;
		else if (e && !strcmp(key, "Offset"))
			e->offset = strtoul(value, NULL, 10);
		else if (e && !strcmp(key, "Length"))
			e->length = strtoul(value, NULL, 10);
	}
	if (slot) {
		free(*slot);
		*slot = value;
		return 0;
	}
	free(value);
	return 0;
oom:
	free(value);
	return -1;
}

/* Every diagnostic needs its name, place and an edit with all its parts
 * to be of use; drops the ones that are not. */
static void drop_incomplete(fix_diags *out)
{
	size_t kept = 0;

	for (size_t i = 0; i < out->count; i++) {
		fix_diag *d = &out->items[i];
		int ok = d->check && d->message && d->file && d->edits.count;

		for (size_t k = 0; ok && k < d->edits.count; k++)
			ok = d->edits.items[k].file && d->edits.items[k].text;
		if (ok) {
			out->items[kept++] = *d;
			continue;
		}
		free(d->check);
		free(d->message);
		free(d->file);
		free(d->build_dir);
		fix_edits_free(&d->edits);
	}
	out->count = kept;
}

int fix_yaml_parse(const char *text, fix_diags *out)
{
	yaml_path y = { { 0 }, { { 0 } }, 0 };
	const char *p = text;

	while (*p) {
		const char *line = p, *key, *colon;
		int indent = 0, item = 0;
		char where[MAX_DEPTH * MAX_KEY], k[MAX_KEY];
		char *value;

		while (*p == ' ')
			p++;
		if (*p == '-' && p[1] == ' ') {
			item = 1;
			p += 2;
			while (*p == ' ')
				p++;
		}
		indent = (int)(p - line);
		key = p;
		colon = p + strcspn(p, ":\n");
		if (*colon != ':' || *key == '#' || !strncmp(line, "---", 3) ||
		    !strncmp(line, "...", 3)) {
			p = colon + (*colon == ':');
			p += strcspn(p, "\n");
			p += *p == '\n';
			continue;
		}
		path_leave_to(&y, indent);
		path_text(&y, where, sizeof(where));
		p = colon + 1;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!(value = scalar(p, &p)))
			return -1;
		snprintf(k, sizeof(k), "%.*s", (int)(colon - key), key);
		if (store(out, where, item, k, value))
			return -1;
		path_enter(&y, indent, key, (size_t)(colon - key));
	}
	drop_incomplete(out);
	return 0;
}

void fix_edits_free(fix_edits *e)
{
	for (size_t i = 0; i < e->count; i++) {
		free(e->items[i].file);
		free(e->items[i].text);
	}
	free(e->items);
	e->items = NULL;
	e->count = e->cap = 0;
}

void fix_diags_free(fix_diags *d)
{
	for (size_t i = 0; i < d->count; i++) {
		free(d->items[i].check);
		free(d->items[i].message);
		free(d->items[i].file);
		free(d->items[i].build_dir);
		fix_edits_free(&d->items[i].edits);
	}
	free(d->items);
	d->items = NULL;
	d->count = d->cap = 0;
}
