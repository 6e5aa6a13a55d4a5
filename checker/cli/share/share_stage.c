/* share_stage.c: the shared-headers stage (shared_headers.h): which units
 * may share, grouped by their command, each large group planned on its
 * own (share_group.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "share_group.h"
#include "shared_headers.h"
#include "share_words.h"
#include "strbuf.h"
#include "strset.h"

/* C only: a C++ unit's headers depend on what uses them (templates),
 * and the runner parses its bodies whole anyway. Not a unit with a PCH
 * of its own: a second -include-pch would not be read. */
static int is_c(const audit_tu *tu, const share_words *w)
{
	size_t len = strlen(tu->file);

	for (size_t i = 0; i < w->n; i++)
		if (!strncmp(w->words[i], "-x", 2) ||
		    !strncmp(w->words[i], "-include-pch", 12))
			return 0;
	return len > 2 && !strcmp(tu->file + len - 2, ".c");
}

/* The units that may share a PCH: same directory, same words but their
 * file and -D/-U (share_sound checks those one by one). Into *key;
 * returns 0, 1 when tu cannot share, -1 when out of memory. */
static int group_key(const audit *a, const audit_tu *tu, char **key)
{
	share_words w;
	fs_buf buf = { NULL, 0, 0, 0 };

	*key = NULL;
	if (share_words_of(a, tu, NULL, &w))
		return -1;
	if (!is_c(tu, &w)) {
		share_words_free(&w);
		return 1;
	}
	fs_buf_puts(&buf, tu->dir);
	for (size_t i = 1; i < w.n;) {
		share_word s = share_word_at(tu, &w, i);

		for (size_t j = i; j < i + s.words && j < w.n; j++)
			if (s.kind == SHARE_WORD_OTHER ||
			    s.kind == SHARE_WORD_FORCED) {
				fs_buf_puts(&buf, "\n");
				fs_buf_puts(&buf, w.words[j]);
			}
		i += s.words;
	}
	share_words_free(&w);
	*key = fs_buf_take(&buf);
	return *key ? 0 : -1;
}

static int collect_groups(audit *a, share_groups *g)
{
	strset keys = { 0 };
	int res = 0;

	for (size_t i = 0; i < a->tus.count && !res; i++) {
		char *key;
		size_t k;
		size_t *slot;

		if ((res = group_key(a, &a->tus.items[i], &key)) == 1) {
			res = 0;
			continue;
		}
		k = res ? STRSET_NONE : strset_get(&keys, key);
		if (!res && k == STRSET_NONE) {
			k = g->count;
			res = strset_put(&keys, key, k) || !AUDIT_PUSH(g);
		}
		slot = res ? NULL : AUDIT_PUSH(&g->items[k]);
		if (slot)
			*slot = i;
		res = res || !slot ? -1 : 0;
		free(key);
	}
	strset_free(&keys);
	return res;
}

int audit_share_headers(audit *a)
{
	share_groups groups = { NULL, 0, 0 };
	share_tools t;
	size_t pchs = 0;
	int res = 0;

	if (a->opt.no_share || !a->opt.runner || a->cache ||
	    a->tus.count < SHARE_MIN_GROUP)
		return CLI_OK;
	if (share_tools_find(a->opt.clang_tidy, &t)) {
		fprintf(stderr, "flagspace: no clang and clang-scan-deps "
			"beside '%s' (Debian's clang-N and clang-tools-N): "
			"each unit parses its headers itself\n",
			a->opt.clang_tidy);
		return CLI_OK;
	}
	res = collect_groups(a, &groups);
	for (size_t k = 0; k < groups.count && !res; k++)
		if (groups.items[k].count >= SHARE_MIN_GROUP)
			res = share_group(a, &t, groups.items[k].items,
					  groups.items[k].count, (unsigned)k,
					  &pchs);
	for (size_t k = 0; k < groups.count; k++)
		free(groups.items[k].items);
	free(groups.items);
	if (res)
		return cli_error("out of memory");
	if (a->shared)
		fprintf(stderr, "flagspace: %zu of %zu units read the "
			"headers they share from %zu precompiled header%s\n",
			a->shared, a->tus.count, pchs, pchs == 1 ? "" : "s");
	return CLI_OK;
}
