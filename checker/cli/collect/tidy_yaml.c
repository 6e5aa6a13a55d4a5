/* tidy_yaml.c: reads clang-tidy's --export-fixes YAML, the one record of
 * a run audit reads. Only what LLVM's YAML writer emits is understood:
 * indented "key: value" lines, "- " items, and plain, 'single' or
 * "double" quoted scalars. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "tidy_yaml.h"

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

/* The slot of a diagnostic's `key` (or its message's), else NULL; sets
 * the offset itself. */
static char **diag_slot(tidy_diag *d, int message, const char *key,
			const char *value)
{
	if (!message && !strcmp(key, "DiagnosticName"))
		return &d->check;
	if (!message && !strcmp(key, "BuildDirectory"))
		return &d->build_dir;
	if (!message && !strcmp(key, "Level"))
		return &d->level;
	if (message && !strcmp(key, "Message"))
		return &d->message;
	if (message && !strcmp(key, "FilePath"))
		return &d->file;
	if (message && !strcmp(key, "FileOffset"))
		d->offset = strtoul(value, NULL, 10);
	return NULL;
}

static char **edit_slot(fix_edit *e, const char *key, const char *value)
{
	if (!strcmp(key, "FilePath"))
		return &e->file;
	if (!strcmp(key, "ReplacementText"))
		return &e->text;
	if (!strcmp(key, "Offset"))
		e->offset = strtoul(value, NULL, 10);
	else if (!strcmp(key, "Length"))
		e->length = strtoul(value, NULL, 10);
	return NULL;
}

static char **note_slot(tidy_note *n, const char *key, const char *value)
{
	if (!strcmp(key, "Message"))
		return &n->message;
	if (!strcmp(key, "FilePath"))
		return &n->file;
	if (!strcmp(key, "FileOffset"))
		n->offset = strtoul(value, NULL, 10);
	return NULL;
}

/* The last element of a vector, a new one first when `item` (a "- "
 * line); NULL when there is none, or out of memory (*oom set). */
#define LAST_OR_NEW(v, item, oom) \
	((item) ? ((*(oom) = !AUDIT_PUSH(v)) ? NULL \
		   : &(v)->items[(v)->count - 1]) \
		: (v)->count ? &(v)->items[(v)->count - 1] : NULL)

/* Stores `value` (taken) as `key` of the diagnostic, its message, an
 * edit of its fix-it or a note, as `where` names. Returns 0, or -1 when
 * out of memory. */
static int store(tidy_diags *out, const char *where, int item,
		 const char *key, char *value)
{
	int oom = 0, top = !strcmp(where, "Diagnostics");
	tidy_diag *d = top ? LAST_OR_NEW(out, item, &oom)
			   : out->count ? &out->items[out->count - 1] : NULL;
	char **slot = NULL;
	fix_edit *e;
	tidy_note *n;

	if (!d || oom)
		;
	else if (top || !strcmp(where, "Diagnostics/DiagnosticMessage"))
		slot = diag_slot(d, !top, key, value);
	else if (!strcmp(where, "Diagnostics/DiagnosticMessage/Replacements") &&
		 (e = LAST_OR_NEW(&d->edits, item, &oom)))
		slot = edit_slot(e, key, value);
	else if (!strcmp(where, "Diagnostics/Notes") &&
		 (n = LAST_OR_NEW(&d->notes, item, &oom)))
		slot = note_slot(n, key, value);
	if (slot) {
		free(*slot);
		*slot = value;
		return 0;
	}
	free(value);
	return oom ? -1 : 0;
}

static void diag_free(tidy_diag *d)
{
	free(d->check);
	free(d->message);
	free(d->file);
	free(d->build_dir);
	free(d->level);
	fix_edits_free(&d->edits);
	for (size_t i = 0; i < d->notes.count; i++) {
		free(d->notes.items[i].message);
		free(d->notes.items[i].file);
	}
	free(d->notes.items);
}

/* A diagnostic needs its name and message to be of use, a fix-it every
 * part of every edit; drops what is not whole. */
static void drop_incomplete(tidy_diags *out)
{
	size_t kept = 0;

	for (size_t i = 0; i < out->count; i++) {
		tidy_diag *d = &out->items[i];
		int whole = 1;

		for (size_t k = 0; k < d->edits.count; k++)
			whole &= d->edits.items[k].file && d->edits.items[k].text;
		if (!whole)
			fix_edits_free(&d->edits);
		if (d->check && d->message)
			out->items[kept++] = *d;
		else
			diag_free(d);
	}
	out->count = kept;
}

int tidy_yaml_parse(const char *text, tidy_diags *out)
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

void tidy_diags_free(tidy_diags *d)
{
	for (size_t i = 0; i < d->count; i++)
		diag_free(&d->items[i]);
	free(d->items);
	d->items = NULL;
	d->count = d->cap = 0;
}
