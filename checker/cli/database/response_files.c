/* response_files.c: the files a compile command names for clang to read
 * (response_files.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "database.h"
#include "fileio.h"
#include "response_files.h"

static const char outside[] = "reads a file outside the audited tree; "
			      "--allow-outside-files keeps it";

/* dir/path, or path when absolute, into out. */
static void join(char *out, size_t size, const char *dir, const char *path)
{
	snprintf(out, size, "%s%s%s", path[0] == '/' ? "" : dir,
		 path[0] == '/' ? "" : "/", path);
}

int rsp_is_response_file(const char *word)
{
	return word[0] == '@' && word[1];
}

const char *rsp_outside_why(const audit *a, const char *dir,
			    const char *path)
{
	char joined[PATH_MAX * 2];
	struct stat st;

	join(joined, sizeof(joined), dir, path);
	if (a->opt.allow_outside_files || stat(joined, &st) ||
	    audit_in_tree(a, joined))
		return NULL;
	return outside;
}

typedef struct rsp_walk {
	audit *a;
	const char *dir, *file;
	db_words *out;
} rsp_walk;

static int expand_words(rsp_walk *w, char *const *words, size_t n,
			unsigned depth);

/* The words of the response file `word` (@path) into w->out, or a note
 * of why it is dropped. */
static int expand_one(rsp_walk *w, char *word, unsigned depth)
{
	char path[PATH_MAX * 2];
	const char *why = NULL;
	char *text = NULL;
	db_words inner = { 0 };
	size_t len;
	int res;

	join(path, sizeof(path), w->dir, word + 1);
	if (depth >= RSP_MAX_DEPTH)
		why = "response files nested too deep";
	else if (!(why = rsp_outside_why(w->a, w->dir, word + 1)) &&
		 !(text = cli_read_all(path, &len)))
		why = "a response file that cannot be read";
	if (why)
		res = audit_note_dropped(w->a, w->file, &word, 1, why);
	else
		res = db_split_response(text, len, &inner) ||
		      expand_words(w, inner.items, inner.count, depth + 1);
	free(text);
	db_words_free(&inner);
	return res ? -1 : 0;
}

static int expand_words(rsp_walk *w, char *const *words, size_t n,
			unsigned depth)
{
	for (size_t i = 0; i < n; i++) {
		char **slot;

		if (rsp_is_response_file(words[i])) {
			if (expand_one(w, words[i], depth))
				return -1;
		} else if (!(slot = AUDIT_PUSH(w->out)) ||
			   !(*slot = strdup(words[i]))) {
			return -1;
		}
	}
	return 0;
}

int rsp_expand(audit *a, const char *dir, const char *file,
	       char *const *words, size_t n, db_words *out)
{
	rsp_walk w = { a, dir, file, out };
	char **slot;

	if (!n)
		return 0;
	if (!(slot = AUDIT_PUSH(out)) || !(*slot = strdup(words[0])))
		return -1;
	return expand_words(&w, words + 1, n - 1, 0);
}
