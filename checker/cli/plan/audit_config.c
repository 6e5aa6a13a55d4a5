/* audit_config.c: when two compile commands of one file are one
 * configuration: they differ only in where the output goes; or, once the
 * prefilter has read the files, in flags that cannot change what the
 * compiler reads (debug info, warnings, macros no file of theirs names). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "strset.h"

size_t audit_output_words(char *const *args, size_t n, size_t i)
{
	static const char *const with_value[] = { "-o", "-MF", "-MT", "-MQ" };
	static const char *const alone[] = { "-c", "-MD", "-MMD", "-MP" };
	const char *a = args[i];

	for (size_t k = 0; k < sizeof(alone) / sizeof(alone[0]); k++)
		if (!strcmp(a, alone[k]))
			return 1;
	for (size_t k = 0; k < sizeof(with_value) / sizeof(with_value[0]);
	     k++) {
		size_t len = strlen(with_value[k]);

		if (strncmp(a, with_value[k], len) ||
		    (a[len] && !strncmp(a, "-obj", 4)))
			continue;
		return a[len] ? 1 : (i + 1 < n ? 2 : 1);
	}
	return 0;
}

/* The position-independent code flags define these. */
static const char *const pic_macros[] = { "__PIC__", "__pic__", "__PIE__",
					  "__pie__" };

static int is_pic_flag(const char *a)
{
	if (!strncmp(a, "-fno-", 5))
		a += 5;
	else if (!strncmp(a, "-f", 2))
		a += 2;
	else
		return 0;
	return !strcmp(a, "PIC") || !strcmp(a, "pic") || !strcmp(a, "PIE") ||
	       !strcmp(a, "pie");
}

/* -D NAME[=v], -DNAME[=v], -U NAME, -UNAME: the name's length, 0 if not. */
size_t audit_macro_flag(char *const *args, size_t n, size_t i,
			const char **name, size_t *words)
{
	const char *a = args[i];

	if (strncmp(a, "-D", 2) && strncmp(a, "-U", 2))
		return 0;
	*words = a[2] ? 1 : 2;
	*name = a[2] ? a + 2 : (i + 1 < n ? args[i + 1] : "");
	return strcspn(*name, "=");
}

/* A search directory flag at args[i]: its value and word count. */
static const char *dir_flag(char *const *args, size_t n, size_t i,
			    size_t *words)
{
	static const char *const flags[] = { "--include-directory", "-iquote",
					     "-isystem", "-idirafter",
					     "-cxx-isystem", "-I" };

	for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
		size_t len = strlen(flags[k]);

		if (strncmp(args[i], flags[k], len))
			continue;
		if (args[i][len]) {
			*words = 1;
			return args[i] + len + (args[i][len] == '=');
		}
		*words = 2;
		return i + 1 < n ? args[i + 1] : NULL;
	}
	return NULL;
}

/* Whether the search directory flag at args[i] finds no file the unit
 * includes; sets *words. */
static int unused_dir(char *const *args, size_t n, size_t i, const char *cwd,
		      const audit_seen *seen, size_t *words)
{
	const char *v = dir_flag(args, n, i, words);
	char *path;
	int used;

	if (!v || !seen->dir_used || !(path = audit_abs_path(cwd, v)))
		return 0;
	used = seen->dir_used(seen->ctx, path);
	free(path);
	return !used;
}

/* How many words at args[i] cannot change what the compiler reads of a
 * unit (in directory cwd) whose files name only the macros `seen` says,
 * and find files only in its directories (NULL: only output flags are
 * known not to). */
static size_t unread_words(char *const *args, size_t n, size_t i,
			   const char *cwd, const audit_seen *seen)
{
	const char *a = args[i], *name;
	size_t words = audit_output_words(args, n, i), len;
	char macro[256];

	if (words || !seen)
		return words;
	if (unused_dir(args, n, i, cwd, seen, &words))
		return words;
	/* Warnings change no token nor declaration; which ones are errors
	 * may change what is reported, so those flags count. */
	if (!strncmp(a, "-g", 2) ||
	    (!strncmp(a, "-W", 2) && !strstr(a, "error") &&
	     strncmp(a, "-Wfatal", 7) && strncmp(a, "-Wp,", 4)))
		return 1;
	if (is_pic_flag(a)) {
		for (size_t k = 0; k < 4; k++)
			if (seen->fn(seen->ctx, pic_macros[k]))
				return 0;
		return 1;
	}
	if ((len = audit_macro_flag(args, n, i, &name, &words)) &&
	    len < sizeof(macro)) {
		memcpy(macro, name, len);
		macro[len] = '\0';
		return seen->fn(seen->ctx, macro) ? 0 : words;
	}
	return 0;
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
