/* audit_config.c: when two compile commands of one file are one
 * configuration: they differ only in where the output goes; or, once the
 * prefilter has read the files, in flags that cannot change what the
 * compiler reads (debug info, warnings, macros no file of theirs names). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "compiler_flags.h"
#include "audit_config.h"
#include "strset.h"

size_t audit_output_words(char *const *args, size_t n, size_t i)
{
	cflag f = cflag_at(args, n, i);

	return f.kind == CFLAG_OUTPUT || f.kind == CFLAG_DEPFILE ? f.words : 0;
}

/* Whether the search directory flag f finds no file the unit (in
 * directory cwd) includes. */
static int unused_dir(const cflag *f, const char *cwd,
		      const audit_seen *seen)
{
	char *path;
	int used;

	if (!f->value || !seen->dir_used ||
	    !(path = audit_abs_path(cwd, f->value)))
		return 0;
	used = seen->dir_used(seen->ctx, path);
	free(path);
	return !used;
}

static int pic_macro_seen(const audit_seen *seen)
{
	for (size_t k = 0; k < CFLAG_NPIC_MACROS; k++)
		if (seen->fn(seen->ctx, cflag_pic_macros[k]))
			return 1;
	return 0;
}

static int macro_seen(const cflag *f, const audit_seen *seen)
{
	const char *name;
	size_t len = cflag_macro(f, &name);
	char macro[256];

	if (!len || len >= sizeof(macro))
		return 1;
	memcpy(macro, name, len);
	macro[len] = '\0';
	return seen->fn(seen->ctx, macro);
}

/* How many words at args[i] cannot change what the compiler reads of a
 * unit (in directory cwd) whose files name only the macros `seen` says,
 * and find files only in its directories (NULL: only output flags are
 * known not to). */
static size_t unread_words(char *const *args, size_t n, size_t i,
			   const char *cwd, const audit_seen *seen)
{
	cflag f = cflag_at(args, n, i);
	int unread;

	switch (f.kind) {
	case CFLAG_OUTPUT:
	case CFLAG_DEPFILE:
		unread = 1;
		break;
	case CFLAG_SEARCH:
		unread = seen && unused_dir(&f, cwd, seen);
		break;
	case CFLAG_UNREAD:
		/* which warnings are errors may change what is reported:
		 * those are CFLAG_OTHER */
		unread = seen != NULL;
		break;
	case CFLAG_PIC:
		unread = seen && !pic_macro_seen(seen);
		break;
	case CFLAG_DEFINE:
	case CFLAG_UNDEFINE:
		unread = seen && !macro_seen(&f, seen);
		break;
	default:
		unread = 0;
	}
	return unread ? f.words : 0;
}

/* The next argument at or after *i that may change what is read. */
static const char *next_arg(const audit_tu *tu, size_t *i,
			    const audit_seen *seen)
{
	size_t words;

	while (*i < tu->args.count &&
	       (words = unread_words(tu->args.items, tu->args.count, *i,
				     tu->dir, seen)))
		*i += words;
	return *i < tu->args.count ? tu->args.items[(*i)++] : NULL;
}

int audit_same_reading(const audit_tu *a, const audit_tu *b,
		       const audit_seen *seen)
{
	size_t i = 0, k = 0;
	const char *x, *y;

	if (strcmp(a->file, b->file) || strcmp(a->dir, b->dir))
		return 0;
	do {
		x = next_arg(a, &i, seen);
		y = next_arg(b, &k, seen);
		if (!x || !y)
			return x == y;
	} while (!strcmp(x, y));
	return 0;
}

int audit_same_config(const audit_tu *a, const audit_tu *b)
{
	return audit_same_reading(a, b, NULL);
}

int audit_group_by_file(const audit_tu *tus, size_t n, size_t *prev)
{
	strset last = { 0 };
	int res = 0;

	for (size_t i = 0; i < n && !res; i++) {
		size_t len = strlen(tus[i].dir) + strlen(tus[i].file) + 2;
		char *key = malloc(len);

		if (!key) {
			res = -1;
			break;
		}
		snprintf(key, len, "%s\x01%s", tus[i].dir, tus[i].file);
		prev[i] = strset_get(&last, key);
		prev[i] = prev[i] == STRSET_NONE ? AUDIT_NO_UNIT : prev[i];
		res = strset_put(&last, key, i);
		free(key);
	}
	strset_free(&last);
	return res;
}
