/* audit_load.c: reads an audit's JSON report (version 1) back into an
 * audit, for `merge`. A report that does not have the form audit writes
 * is refused at the line and column of the first problem. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "cli.h"
#include "consequences.h"
#include "fileio.h"
#include "fix.h"
#include "json_read.h"
#include "report.h"

typedef struct loader {
	audit *a;
	const char *path;
	int failed;
} loader;

/* "<path>:<line>:<col>: error: <what>", once per report. */
static int bad(loader *l, const json_value *at, const char *what,
	       const char *key)
{
	if (!l->failed)
		fprintf(stderr, "%s:%u:%u: error: %s%s%s%s\n", l->path,
			at ? at->line : 1, at ? at->col : 1, what,
			key ? " '" : "", key ? key : "", key ? "'" : "");
	l->failed = 1;
	return -1;
}

static const json_value *member(loader *l, const json_value *obj,
				const char *key, json_kind kind)
{
	const json_value *v = json_get(obj, key);

	if (!v) {
		bad(l, obj, "missing member", key);
		return NULL;
	}
	if (v->kind != kind) {
		static const char *const names[] = { "null", "true or false",
			"a number", "a string", "an array", "an object" };
		char what[64];

		snprintf(what, sizeof(what), "expected %s for", names[kind]);
		bad(l, v, what, key);
		return NULL;
	}
	return v;
}

static int count_of(loader *l, const json_value *obj, const char *key,
		    size_t *out)
{
	const json_value *v = member(l, obj, key, JSON_NUMBER);

	if (!v)
		return -1;
	if (v->number < 0 || v->number > 4e9 ||
	    v->number != (double)(size_t)v->number)
		return bad(l, v, "expected a whole number for", key);
	*out = (size_t)v->number;
	return 0;
}

static char *text_of(loader *l, const json_value *obj, const char *key)
{
	const json_value *v = member(l, obj, key, JSON_STRING);
	char *s = v ? strdup(v->string) : NULL;

	if (v && !s)
		bad(l, v, "out of memory", NULL);
	return s;
}

/* `key`'s text when obj has it, else NULL. */
static char *optional_text(loader *l, const json_value *obj, const char *key)
{
	return json_get(obj, key) ? text_of(l, obj, key) : NULL;
}

/* item, just pushed (AUDIT_PUSH) for v, an element of the array `key`;
 * NULL, the error said, when it could not be or v is not an object. */
static void *object_item(loader *l, const json_value *v, const char *key,
			 void *item)
{
	if (!item)
		bad(l, v, "out of memory", NULL);
	else if (v->kind != JSON_OBJECT)
		bad(l, v, "expected an object in", key);
	else
		return item;
	return NULL;
}

static int load_edit(loader *l, const json_value *v, fix_edits *edits)
{
	fix_edit *e = object_item(l, v, "fix", AUDIT_PUSH(edits));

	if (!e)
		return -1;
	e->file = text_of(l, v, "file");
	e->text = text_of(l, v, "text");
	if (count_of(l, v, "offset", &e->offset) ||
	    count_of(l, v, "length", &e->length))
		return -1;
	return l->failed ? -1 : 0;
}

/* The finding's "fix", when it has one. */
static int load_fix(loader *l, const json_value *v, audit_finding *f)
{
	const json_value *list = json_get(v, "fix");
	int res = 0;

	if (!list)
		return 0;
	if (!(list = member(l, v, "fix", JSON_ARRAY)))
		return -1;
	for (size_t i = 0; !res && i < list->count; i++)
		res = load_edit(l, &list->items[i], &f->fix);
	return res;
}

/* An object's "line" and "column". */
static int load_line_col(loader *l, const json_value *v, unsigned *line,
			 unsigned *col)
{
	size_t ln = 0, cl = 0;

	if (count_of(l, v, "line", &ln) || count_of(l, v, "column", &cl))
		return -1;
	*line = (unsigned)ln;
	*col = (unsigned)cl;
	return 0;
}

/* The finding's "notes", when it has any. */
static int load_diag_notes(loader *l, const json_value *v, audit_finding *f)
{
	const json_value *list = json_get(v, "notes");

	if (list && !(list = member(l, v, "notes", JSON_ARRAY)))
		return -1;
	for (size_t i = 0; list && i < list->count; i++) {
		const json_value *n = &list->items[i];
		audit_diag_note *note = object_item(l, n, "notes",
						    AUDIT_PUSH(&f->notes));

		if (!note)
			return -1;
		note->file = text_of(l, n, "file");
		note->message = text_of(l, n, "message");
		if (load_line_col(l, n, &note->line, &note->col))
			return -1;
	}
	return l->failed ? -1 : 0;
}

/* "consequence": one of the classes; a report without it (written before
 * there were any) gets the worst. */
static int load_consequence(loader *l, const json_value *v, audit_finding *f)
{
	const json_value *c = json_get(v, "consequence");
	fs_consequence k;

	f->consequence = FS_CONSEQUENCE_FAILS;
	if (!c)
		return 0;
	k = c->kind == JSON_STRING ? fs_consequence_parse(c->string,
							  strlen(c->string))
				   : FS_CONSEQUENCE_COUNT;
	if (k == FS_CONSEQUENCE_COUNT)
		return bad(l, c, "expected fails, misbehaves, ignored, "
			   "same-value or deprecated for", "consequence");
	f->consequence = k;
	return 0;
}

static int load_finding(loader *l, const json_value *v)
{
	audit_finding *f = object_item(l, v, "findings",
				       AUDIT_PUSH(&l->a->findings));

	if (!f)
		return -1;
	f->file = text_of(l, v, "file");
	f->severity = text_of(l, v, "severity");
	f->check = text_of(l, v, "check");
	f->message = text_of(l, v, "message");
	if (load_consequence(l, v, f))
		return -1;
	if (load_line_col(l, v, &f->line, &f->col))
		return -1;
	if (l->failed || load_diag_notes(l, v, f))
		return -1;
	return load_fix(l, v, f);
}

/* A compile error's "line" and "column"; a report of an older flagspace
 * has none, and its message starts "LINE:COL: ", taken off here. */
static int load_place(loader *l, const json_value *v, audit_note *n)
{
	int at = 0;

	if (json_get(v, "line") || json_get(v, "column"))
		return load_line_col(l, v, &n->line, &n->col);
	if (n->text && sscanf(n->text, "%u:%u: %n", &n->line, &n->col,
			      &at) == 2 && at)
		memmove(n->text, n->text + at, strlen(n->text + at) + 1);
	else
		n->line = n->col = 0;
	return 0;
}

static int load_notes(loader *l, const json_value *root, const char *key,
		      const char *text_key, audit_notes *notes)
{
	const json_value *list = member(l, root, key, JSON_ARRAY);

	for (size_t i = 0; list && i < list->count; i++) {
		const json_value *v = &list->items[i];
		audit_note *n = object_item(l, v, key, AUDIT_PUSH(notes));

		if (!n)
			return -1;
		n->file = text_of(l, v, "file");
		n->text = text_of(l, v, text_key);
		n->unit = optional_text(l, v, "unit");
		if (strcmp(text_key, "reason"))
			n->why = optional_text(l, v, "reason");
		if (!strcmp(key, "compile_errors") && load_place(l, v, n))
			return -1;
	}
	return l->failed ? -1 : 0;
}

/* "database_digest": 64 hex digits, when the report has one. */
static int load_digest(loader *l, const json_value *root, char digest[65])
{
	const json_value *v = json_get(root, "database_digest");

	digest[0] = '\0';
	if (!v)
		return 0;
	if (v->kind != JSON_STRING || strlen(v->string) != 64 ||
	    strspn(v->string, "0123456789abcdef") != 64)
		return bad(l, v, "expected 64 hex digits for",
			   "database_digest");
	memcpy(digest, v->string, 65);
	return 0;
}

static int load_shard(loader *l, const json_value *root, audit_shard_seen *s)
{
	const json_value *v = json_get(root, "shard");
	unsigned k, n;
	char end;

	s->k = s->n = 0;
	if (load_digest(l, root, s->digest))
		return -1;
	if (!v)
		return 0;
	if (v->kind != JSON_STRING ||
	    sscanf(v->string, "%u/%u%c", &k, &n, &end) != 2 || !k || k > n)
		return bad(l, v, "expected \"K/N\" for", "shard");
	s->k = k;
	s->n = n;
	return 0;
}

/* A count of units that are part of `whole` units: `more` ("more units
 * skipped than there are") at its value when it is more. An `optional`
 * one that is missing (reports of an older flagspace) is 0. */
static int part_of(loader *l, const json_value *root, const char *key,
		   int optional, size_t whole, const char *more, size_t *n)
{
	if (optional && !json_get(root, key))
		return 0;
	if (count_of(l, root, key, n))
		return -1;
	return *n > whole ? bad(l, json_get(root, key), more, NULL) : 0;
}

static int load_root(loader *l, const json_value *root, audit_shard_seen *s)
{
	const json_value *version = member(l, root, "version", JSON_NUMBER);
	const json_value *findings;
	size_t tus = 0, skipped = 0, same = 0, covered = 0, baselined = 0;

	if (!version)
		return -1;
	if (version->number != 1)
		return bad(l, version, "unsupported report version; this "
			   "flagspace reads", "1");
	if (load_shard(l, root, s) || count_of(l, root, "translation_units",
					       &tus) ||
	    count_of(l, root, "skipped", &skipped) ||
	    count_of(l, root, "baselined", &baselined) ||
	    !(findings = member(l, root, "findings", JSON_ARRAY)))
		return -1;
	/* Of the skipped, those that read as another configuration (not in
	 * reports of flagspace 0.x before it), and those the cover set did
	 * not run (not in reports before it). */
	if (part_of(l, root, "skipped", 0, tus, "more units skipped than "
		    "there are", &skipped) ||
	    part_of(l, root, "same_reading", 1, skipped, "more units read "
		    "the same than were skipped", &same) ||
	    part_of(l, root, "covered", 1, skipped - same, "more units "
		    "covered than were skipped", &covered))
		return -1;
	for (size_t i = 0; i < findings->count; i++)
		if (load_finding(l, &findings->items[i]))
			return -1;
	l->a->merged_tus += tus - skipped;
	l->a->skipped += skipped - same - covered;
	l->a->same_reading += same;
	l->a->covered += covered;
	l->a->baselined += baselined;
	return load_notes(l, root, "not_analysed", "reason", &l->a->failures) ||
	       load_notes(l, root, "dropped_flags", "flag", &l->a->dropped) ||
	       load_notes(l, root, "compile_errors", "message",
			  &l->a->compile_errors);
}

int audit_load_json(audit *a, const char *path, audit_shard_seen *shard)
{
	loader l = { a, path, 0 };
	json_value root;
	char err[128];
	unsigned line = 1, col = 1;
	size_t len;
	char *text = cli_read_all(path, &len);
	int res;

	if (!text)
		return cli_error("cannot read audit report '%s': %s", path,
				 cli_strerror(errno));
	if (json_parse(text, len, &root, err, sizeof(err), &line, &col)) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", path, line, col, err);
		res = CLI_FAIL;
	} else if (root.kind != JSON_OBJECT) {
		res = bad(&l, &root, "expected an audit report (an object)",
			  NULL) ? CLI_FAIL : CLI_OK;
	} else {
		res = load_root(&l, &root, shard) ? CLI_FAIL : CLI_OK;
	}
	json_free(&root);
	free(text);
	return res;
}
