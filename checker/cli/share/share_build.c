/* share_build.c: one PCH. Its source includes the headers by their
 * absolute paths, in the order the unit that chose them opened them; a
 * unit's own #include of one then finds it guarded and adds nothing.
 * clang of the runner's major builds it with a unit's command: the same
 * flags, without the file, -c, and the -D/-U that not every unit reading
 * it has (share_plan.h checks that those name nothing the headers use). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "share_build.h"
#include "share_spawn.h"
#include "share_words.h"

static int write_source(const char *path, char *const *headers, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	for (size_t i = 0; i < n; i++)
		fprintf(f, "#include \"%s\"\n", headers[i]);
	return fclose(f) ? -1 : 0;
}

/* The build's words: the model's, but its file and the -D/-U that not
 * every unit reading the PCH has. */
static size_t build_words(const share_build *b, const share_words *w,
			  const char **out)
{
	size_t k = 0;
	char macro[4096];

	for (size_t i = 0; i < w->n;) {
		share_word s = share_word_at(b->model, w, i);
		int keep = s.kind != SHARE_WORD_FILE;

		if (s.kind == SHARE_WORD_MACRO) {
			share_macro_word(w, i, &s, macro, sizeof(macro));
			keep = strset_get(b->common, macro) != STRSET_NONE;
		}
		for (size_t j = i; j < i + s.words && j < w->n; j++)
			if (keep)
				out[k++] = w->words[j];
		i += s.words;
	}
	return k;
}

int share_build_args(const share_build *b, share_words *w, share_strs *args)
{
	const char **words;
	size_t k;

	if (share_words_of(b->a, b->model, b->clang, w))
		return -1;
	if (!(words = calloc(w->n + 1, sizeof(char *))))
		return -1;
	k = build_words(b, w, words);
	for (size_t i = 0; i < k; i++) {
		char **slot = AUDIT_PUSH(args);

		if (!slot) {
			free(words);
			return -1;
		}
		*slot = (char *)words[i];
	}
	free(words);
	return 0;
}

int share_build_pch(const share_build *b, const share_strs *args, char *why,
		    size_t size)
{
	const char **argv = calloc(args->count + 8, sizeof(char *));
	size_t k = 0;
	int res;

	if (!argv) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	if (write_source(b->source, b->headers, b->nheaders)) {
		snprintf(why, size, "cannot write '%s': %s", b->source,
			 cli_strerror(errno));
		free(argv);
		return -1;
	}
	for (size_t i = 0; i < args->count; i++)
		argv[k++] = args->items[i];
	argv[k++] = "-x";
	argv[k++] = "c-header";
	argv[k++] = b->source;
	argv[k++] = "-o";
	argv[k++] = b->pch;
	argv[k] = NULL;
	res = share_run(argv, b->model->dir, "/dev/null", b->err,
			b->timeout_s, why, size);
	free(argv);
	return res;
}
