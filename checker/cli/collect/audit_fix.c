/* audit_fix.c: the fix-its of an audit: read from the YAML clang-tidy
 * exports for each batch, with the hash of every file they edit as it was
 * analysed (what --fix checks before writing), and found by finding. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "fileio.h"
#include "fix.h"

fix_seen *fix_seen_of(struct fix_store *s, const char *file)
{
	for (size_t i = 0; i < s->seen.count; i++)
		if (!strcmp(s->seen.items[i].file, file))
			return &s->seen.items[i];
	return NULL;
}

static int is_after(const struct timespec *t, const struct timespec *start)
{
	return t->tv_sec > start->tv_sec ||
	       (t->tv_sec == start->tv_sec && t->tv_nsec > start->tv_nsec);
}

/* A file read while collecting one batch's fix-its: read once however
 * many of its findings have one. */
typedef struct batch_file {
	char *path;
	char *text;		/* NULL: unreadable */
	size_t len;
} batch_file;

typedef struct collector {
	struct fix_store *s;
	const struct timespec *started;
	AUDIT_VEC(batch_file) files;
} collector;

/* Records `file` as analysed: its hash the first time; later, a different
 * hash, or a write after the batch started, marks it changed (as does
 * being unreadable). Returns the file as read, or NULL when out of
 * memory. */
static const batch_file *see_file(collector *c, const char *file)
{
	fix_seen *seen = fix_seen_of(c->s, file);
	batch_file *b;
	struct stat st;
	uint64_t hash;

	for (size_t i = 0; i < c->files.count; i++)
		if (!strcmp(c->files.items[i].path, file))
			return &c->files.items[i];
	if (!(b = AUDIT_PUSH(&c->files)) || !(b->path = strdup(file)))
		return NULL;
	b->text = cli_read_all(file, &b->len);
	hash = b->text ? cli_hash(b->text, b->len) : 0;
	if (!seen) {
		if (!(seen = AUDIT_PUSH(&c->s->seen)) ||
		    !(seen->file = strdup(file)))
			return NULL;
		seen->hash = hash;
	}
	if (!b->text || seen->hash != hash || stat(file, &st) ||
	    is_after(&st.st_mtim, c->started))
		seen->changed = 1;
	return b;
}

/* Line and column (1-based, in bytes, as clang counts) of `offset`. */
static void line_col(const batch_file *b, size_t offset, unsigned *line,
		     unsigned *col)
{
	size_t start = 0;

	*line = 1;
	for (size_t i = 0; b->text && i < offset && i < b->len; i++)
		if (b->text[i] == '\n') {
			++*line;
			start = i + 1;
		}
	*col = (unsigned)(offset - start + 1);
}

static int take_edits(collector *c, fix_item *item, fix_diag *d,
		      const char *dir)
{
	for (size_t i = 0; i < d->edits.count; i++) {
		fix_edit *from = &d->edits.items[i];
		fix_edit *to = AUDIT_PUSH(&item->edits);

		if (!to || !(to->file = audit_abs_path(dir, from->file)))
			return -1;
		to->offset = from->offset;
		to->length = from->length;
		to->text = from->text;
		from->text = NULL;
		if (!see_file(c, to->file))
			return -1;
	}
	return 0;
}

static int take_diag(collector *c, fix_diag *d, const char *dir)
{
	fix_item *item = AUDIT_PUSH(&c->s->items);
	const batch_file *b;

	if (d->build_dir)
		dir = d->build_dir;
	if (!item || !(item->file = audit_abs_path(dir, d->file)) ||
	    !(b = see_file(c, item->file)))
		return -1;
	line_col(b, d->offset, &item->line, &item->col);
	item->check = d->check;
	item->message = d->message;
	d->check = d->message = NULL;
	return take_edits(c, item, d, dir);
}

int audit_fix_collect(audit *a, const char *yaml_path, const char *dir,
		      const struct timespec *started)
{
	char *text;
	int res;

	/* A run without a YAML still has a (empty) store. */
	if (!a->fixes && !(a->fixes = calloc(1, sizeof(*a->fixes))))
		return -1;
	if (!(text = cli_read_all(yaml_path, NULL)))
		return errno == ENOMEM ? -1 : 0;
	res = audit_fix_collect_text(a, text, dir, started);
	free(text);
	return res;
}

int audit_fix_collect_text(audit *a, const char *text, const char *dir,
			   const struct timespec *started)
{
	fix_diags diags = { NULL, 0, 0 };
	collector c = { NULL, started, { NULL, 0, 0 } };
	int res = 0;

	if (!a->fixes && !(a->fixes = calloc(1, sizeof(*a->fixes))))
		return -1;
	c.s = a->fixes;
	res = fix_yaml_parse(text, &diags);
	for (size_t i = 0; !res && i < diags.count; i++)
		res = take_diag(&c, &diags.items[i], dir);
	fix_diags_free(&diags);
	for (size_t i = 0; i < c.files.count; i++) {
		free(c.files.items[i].path);
		free(c.files.items[i].text);
	}
	free(c.files.items);
	return res;
}

int fix_item_matches(const fix_item *x, const audit_finding *f)
{
	return x->line == f->line && x->col == f->col &&
	       !strcmp(x->file, f->file) && !strcmp(x->check, f->check) &&
	       !strcmp(x->message, f->message);
}

const fix_item *audit_fix_of(const audit *a, const audit_finding *f)
{
	for (size_t k = 0; a->fixes && k < a->fixes->items.count; k++)
		if (fix_item_matches(&a->fixes->items.items[k], f))
			return &a->fixes->items.items[k];
	return NULL;
}

int audit_fix_add(audit *a, const audit_finding *f, fix_edits *edits)
{
	fix_item *item;

	if (!a->fixes && !(a->fixes = calloc(1, sizeof(*a->fixes))))
		return -1;
	if (!(item = AUDIT_PUSH(&a->fixes->items)))
		return -1;
	item->file = strdup(f->file);
	item->check = strdup(f->check);
	item->message = strdup(f->message);
	item->line = f->line;
	item->col = f->col;
	item->edits = *edits;
	*edits = (fix_edits){ NULL, 0, 0 };
	return item->file && item->check && item->message ? 0 : -1;
}

void fix_store_free(struct fix_store *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->items.count; i++) {
		fix_item *item = &s->items.items[i];

		free(item->file);
		free(item->check);
		free(item->message);
		fix_edits_free(&item->edits);
	}
	free(s->items.items);
	for (size_t i = 0; i < s->seen.count; i++)
		free(s->seen.items[i].file);
	free(s->seen.items);
	free(s);
}
