/* tidy_yaml.c: reads clang-tidy's --export-fixes YAML, the one record of
 * a run audit reads, with libyaml's event parser. A node is read by where
 * it is (the tables below: which key of which mapping); keys clang-tidy
 * may add are skipped, whatever they hold. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "fix.h"
#include "tidy_yaml.h"
#include "base/count_of.h"

/* What a node is, by where it is. */
typedef enum node_role {
	R_SKIP,		/* nothing read: an unknown key's value */
	R_ROOT,		/* the document */
	R_DIAGS,	/* Diagnostics */
	R_DIAG,		/* one of them */
	R_MESSAGE,	/* its DiagnosticMessage */
	R_EDITS,	/* the message's Replacements: the fix-it */
	R_EDIT,
	R_NOTES,	/* the diagnostic's Notes */
	R_NOTE,
} node_role;

/* The collections read: in a node that is `in`, the value of `key` (NULL:
 * each item of a sequence) is a mapping or a sequence that is `role`;
 * `what` names it in errors. A sequence's role has only its items' row, a
 * mapping's only keyed rows. */
static const struct nest {
	node_role in;
	const char *key;
	int is_map;
	node_role role;
	const char *what;
} nests[] = {
	{ R_ROOT, "Diagnostics", 0, R_DIAGS, "'Diagnostics'" },
	{ R_DIAGS, NULL, 1, R_DIAG, "a diagnostic" },
	{ R_DIAG, "DiagnosticMessage", 1, R_MESSAGE, "'DiagnosticMessage'" },
	{ R_DIAG, "Notes", 0, R_NOTES, "'Notes'" },
	{ R_MESSAGE, "Replacements", 0, R_EDITS, "'Replacements'" },
	{ R_EDITS, NULL, 1, R_EDIT, "an edit of 'Replacements'" },
	{ R_NOTES, NULL, 1, R_NOTE, "a note" },
};

/* The scalars read: in a node that is `in`, the value of `key` goes to the
 * member at `at` of the diagnostic (R_DIAG, R_MESSAGE), the edit or the
 * note: a string (char *), or a count of bytes (size_t). */
static const struct field {
	node_role in;
	const char *key;
	int is_count;
	size_t at;
} fields[] = {
	{ R_DIAG, "DiagnosticName", 0, offsetof(tidy_diag, check) },
	{ R_DIAG, "BuildDirectory", 0, offsetof(tidy_diag, build_dir) },
	{ R_DIAG, "Level", 0, offsetof(tidy_diag, level) },
	{ R_MESSAGE, "Message", 0, offsetof(tidy_diag, message) },
	{ R_MESSAGE, "FilePath", 0, offsetof(tidy_diag, file) },
	{ R_MESSAGE, "FileOffset", 1, offsetof(tidy_diag, offset) },
	{ R_EDIT, "FilePath", 0, offsetof(fix_edit, file) },
	{ R_EDIT, "ReplacementText", 0, offsetof(fix_edit, text) },
	{ R_EDIT, "Offset", 1, offsetof(fix_edit, offset) },
	{ R_EDIT, "Length", 1, offsetof(fix_edit, length) },
	{ R_NOTE, "Message", 0, offsetof(tidy_note, message) },
	{ R_NOTE, "FilePath", 0, offsetof(tidy_note, file) },
	{ R_NOTE, "FileOffset", 1, offsetof(tidy_note, offset) },
};

/* An open collection that is read. */
typedef struct frame {
	node_role role;
	int is_map;
	int at_value;		/* a mapping: its next node is a value */
	const char *key;	/* that value's key, when the tables name it */
} frame;

/* The deepest nesting read: the document, Diagnostics, a diagnostic, its
 * message, Replacements, an edit. Below the tables' nodes nothing is
 * kept but a count of open collections, however deep. */
enum { MAX_FRAMES = 6 };

typedef struct reader {
	tidy_diags *out;
	frame frames[MAX_FRAMES];
	int depth;
	size_t skipped;		/* open collections inside a skipped node */
	char *why;
	size_t why_size;
} reader;

/* Says why the YAML is not read, at its line:col (libyaml's marks count
 * from 0, in characters). Returns 1. */
static int bad(reader *r, const yaml_mark_t *at, const char *fmt, ...)
{
	int n = snprintf(r->why, r->why_size, "%zu:%zu: ", at->line + 1,
			 at->column + 1);
	va_list ap;

	if (n < 0 || (size_t)n >= r->why_size)
		return 1;
	va_start(ap, fmt);
	vsnprintf(r->why + n, r->why_size - (size_t)n, fmt, ap);
	va_end(ap);
	return 1;
}

/* The error of a node where the tables want another kind. */
static int bad_kind(reader *r, const yaml_mark_t *at, const struct nest *n)
{
	return bad(r, at, "expected a %s for %s",
		   n->is_map ? "mapping" : "sequence", n->what);
}

static const struct nest *nest_of(node_role in, const char *key)
{
	for (size_t i = 0; i < FS_COUNT_OF(nests); i++)
		if (nests[i].in == in && (nests[i].key == key ||
		    (key && nests[i].key && !strcmp(nests[i].key, key))))
			return &nests[i];
	return NULL;
}

static const struct field *field_of(node_role in, const char *key)
{
	for (size_t i = 0; key && i < FS_COUNT_OF(fields); i++)
		if (fields[i].in == in && !strcmp(fields[i].key, key))
			return &fields[i];
	return NULL;
}

/* The tables' own spelling of the key `s` (`len` bytes) when a nest or
 * field of `in` has it; else NULL. */
static const char *known_key(node_role in, const char *s, size_t len)
{
	const struct nest *n = strlen(s) == len ? nest_of(in, s) : NULL;
	const struct field *f = strlen(s) == len ? field_of(in, s) : NULL;

	return n ? n->key : f ? f->key : NULL;
}

/* The diagnostic, edit or note that a node of role `in` fills. */
static char *element_of(reader *r, node_role in)
{
	tidy_diag *d = &r->out->items[r->out->count - 1];

	if (in == R_EDIT)
		return (char *)&d->edits.items[d->edits.count - 1];
	if (in == R_NOTE)
		return (char *)&d->notes.items[d->notes.count - 1];
	return (char *)d;
}

/* A new diagnostic, edit or note when a mapping that is `role` opens.
 * Returns 0, or -1 when out of memory. */
static int add_element(reader *r, node_role role)
{
	tidy_diag *d;

	if (role == R_DIAG)
		return AUDIT_PUSH(r->out) ? 0 : -1;
	if (role != R_EDIT && role != R_NOTE)
		return 0;
	/* inside a diagnostic: there is one */
	d = &r->out->items[r->out->count - 1];
	if (role == R_EDIT)
		return AUDIT_PUSH(&d->edits) ? 0 : -1;
	return AUDIT_PUSH(&d->notes) ? 0 : -1;
}

/* The node in the innermost frame has been read: a mapping's next node is
 * a key again, after a value. */
static void node_done(reader *r)
{
	frame *f = r->depth ? &r->frames[r->depth - 1] : NULL;

	if (f && f->is_map) {
		f->at_value = !f->at_value;
		f->key = NULL;
	}
}

/* Decimal digits only, as clang-tidy writes a byte count; one past any
 * file is still a count (SIZE_MAX), which line_col places. */
static int read_count(const char *s, size_t len, size_t *out)
{
	size_t n = 0;

	if (!len)
		return -1;
	for (size_t i = 0; i < len; i++) {
		size_t digit = (size_t)(s[i] - '0');

		if (s[i] < '0' || s[i] > '9')
			return -1;
		n = n > (SIZE_MAX - digit) / 10 ? SIZE_MAX : 10 * n + digit;
	}
	*out = n;
	return 0;
}

/* A scalar that is the value of a field: stored in its element (a
 * repeated key's last value wins). */
static int store(reader *r, const yaml_event_t *e, node_role in,
		 const struct field *f)
{
	const char *s = (const char *)e->data.scalar.value;
	size_t len = e->data.scalar.length;
	char *member = element_of(r, in) + f->at;
	char *copy;

	if (f->is_count)
		return read_count(s, len, (size_t *)member)
			       ? bad(r, &e->start_mark, "expected a count of "
				     "bytes for '%s', not '%.32s'", f->key, s)
			       : 0;
	/* no path, flag name or source text holds a NUL byte */
	if (memchr(s, '\0', len))
		return bad(r, &e->start_mark, "a NUL character in '%s'",
			   f->key);
	if (!(copy = strndup(s, len)))
		return -1;
	free(*(char **)member);
	*(char **)member = copy;
	return 0;
}

static int is_empty(const yaml_event_t *e)
{
	return !e->data.scalar.length &&
	       e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static int on_scalar(reader *r, const yaml_event_t *e)
{
	frame *top = r->depth ? &r->frames[r->depth - 1] : NULL;
	const struct nest *n;
	const struct field *f;
	int res = 0;

	if (!top) {
		/* an empty document ("---" alone) */
		return is_empty(e) ? 0 : bad(r, &e->start_mark, "expected "
			"clang-tidy's exported fixes (a mapping)");
	}
	if (top->is_map && !top->at_value) {
		top->at_value = 1;
		top->key = known_key(top->role,
				     (const char *)e->data.scalar.value,
				     e->data.scalar.length);
		return 0;
	}
	n = nest_of(top->role, top->is_map ? top->key : NULL);
	f = top->is_map ? field_of(top->role, top->key) : NULL;
	if (f)
		res = store(r, e, top->role, f);
	else if (n && (!top->is_map || !is_empty(e)))
		res = bad_kind(r, &e->start_mark, n);
	node_done(r);
	return res;
}

/* A mapping or a sequence starts: read when the tables name it, else
 * skipped (as is one that is a mapping's key). */
static int on_open(reader *r, const yaml_event_t *e)
{
	frame *top = r->depth ? &r->frames[r->depth - 1] : NULL;
	int is_map = e->type == YAML_MAPPING_START_EVENT;
	const struct nest *n = NULL;

	if (!top && !is_map)
		return bad(r, &e->start_mark, "expected clang-tidy's exported "
			   "fixes (a mapping)");
	if (top && (!top->is_map || top->at_value)) {
		const char *key = top->is_map ? top->key : NULL;

		if (field_of(top->role, key))
			return bad(r, &e->start_mark, "expected a scalar for "
				   "'%s'", key);
		n = nest_of(top->role, key);
		if (n && n->is_map != is_map)
			return bad_kind(r, &e->start_mark, n);
	}
	if (top && !n) {
		r->skipped = 1;
		return 0;
	}
	if (n && add_element(r, n->role))
		return -1;
	/* no chain of nests is longer than MAX_FRAMES */
	r->frames[r->depth++] = (frame){ n ? n->role : R_ROOT, is_map, 0, NULL };
	return 0;
}

static int on_event(reader *r, const yaml_event_t *e)
{
	int opens = e->type == YAML_MAPPING_START_EVENT ||
		    e->type == YAML_SEQUENCE_START_EVENT;
	int closes = e->type == YAML_MAPPING_END_EVENT ||
		     e->type == YAML_SEQUENCE_END_EVENT;

	if (r->skipped) {
		r->skipped += opens;
		if (closes && !--r->skipped)
			node_done(r);
		return 0;
	}
	if (opens)
		return on_open(r, e);
	if (closes) {
		r->depth--;
		node_done(r);
		return 0;
	}
	if (e->type == YAML_SCALAR_EVENT)
		return on_scalar(r, e);
	if (e->type == YAML_ALIAS_EVENT)
		return bad(r, &e->start_mark, "an alias (*%.32s), which "
			   "clang-tidy does not write",
			   (const char *)e->data.alias.anchor);
	return 0;
}

/* libyaml's error: where and why it stopped. */
static int parse_error(reader *r, const yaml_parser_t *p, const char *text)
{
	yaml_mark_t at = p->problem_mark;
	char value[24] = "";

	if (p->error == YAML_MEMORY_ERROR)
		return -1;
	if (p->error == YAML_READER_ERROR) {
		/* the reader gives a byte offset: line and column from it */
		size_t start = 0;

		at.line = 0;
		for (size_t i = 0; i < p->problem_offset; i++)
			if (text[i] == '\n') {
				at.line++;
				start = i + 1;
			}
		at.column = p->problem_offset - start;
		if (p->problem_value != -1)
			snprintf(value, sizeof(value), " (byte 0x%02x)",
				 (unsigned)p->problem_value);
	}
	if (p->context)
		snprintf(r->why, r->why_size, "%zu:%zu: %s%s (%s from %zu:%zu)",
			 at.line + 1, at.column + 1, p->problem, value,
			 p->context, p->context_mark.line + 1,
			 p->context_mark.column + 1);
	else
		snprintf(r->why, r->why_size, "%zu:%zu: %s%s", at.line + 1,
			 at.column + 1, p->problem ? p->problem : "not YAML",
			 value);
	return 1;
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

int tidy_yaml_parse(const char *text, size_t len, tidy_diags *out,
		    char *why, size_t why_size)
{
	reader r = { out, { { 0 } }, 0, 0, why, why_size };
	yaml_parser_t p;
	yaml_event_t e;
	int res = 0, end = 0;

	if (!yaml_parser_initialize(&p))
		return -1;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!res && !end) {
		if (!yaml_parser_parse(&p, &e)) {
			res = parse_error(&r, &p, text);
			break;
		}
		end = e.type == YAML_STREAM_END_EVENT;
		res = on_event(&r, &e);
		yaml_event_delete(&e);
	}
	yaml_parser_delete(&p);
	if (res)
		tidy_diags_free(out);
	else
		drop_incomplete(out);
	return res;
}

void tidy_diags_free(tidy_diags *d)
{
	for (size_t i = 0; i < d->count; i++)
		diag_free(&d->items[i]);
	free(d->items);
	d->items = NULL;
	d->count = d->cap = 0;
}
