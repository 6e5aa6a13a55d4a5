/* share_tree.c: a unit's include tree from its first-open order. The
 * order is a depth-first walk in which each file appears once, when first
 * opened, so a file's opener is on the walk's stack: the deepest file
 * there whose #include names it. A name is matched on the tail of the
 * path, which may pick a deeper opener than the real one (an #include of
 * the same name skipped by its #if); clang-scan-deps says no more. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "share_tree.h"

static int is_forced(const share_strs *forced, const char *path)
{
	for (size_t i = 0; forced && i < forced->count; i++)
		if (!strcmp(forced->items[i], path))
			return 1;
	return 0;
}

/* The opener of place i among stack[0..*depth), and its line: the
 * deepest naming it; none: the deepest, at an unknown line. */
static size_t opener(share_node *nodes, const size_t *stack, size_t *depth,
		     const char *path, size_t *line)
{
	for (size_t d = *depth; d-- > 0;) {
		const share_text_scan *s = nodes[stack[d]].scan;
		size_t l = s ? share_names_file(s, path) : STRSET_NONE;

		if (l != STRSET_NONE) {
			*depth = d + 1;
			*line = l;
			return stack[d];
		}
	}
	*line = SIZE_MAX;
	return stack[*depth - 1];
}

/* Links place i under its parent, after its older siblings, and its
 * kind: P's, or what its parent is inside. */
static void link_child(share_node *nodes, size_t i, size_t *last, int is_p)
{
	size_t p = nodes[i].parent;
	int up = nodes[p].kind;

	if (last[p])
		nodes[last[p]].next = i;
	else
		nodes[p].child = i;
	last[p] = i;
	nodes[i].forced |= nodes[p].forced;
	if (is_p)
		nodes[i].kind = SHARE_P;
	else if (nodes[i].kind != SHARE_FORCED)
		nodes[i].kind = up == SHARE_P || up == SHARE_INNER ? SHARE_INNER
			      : up == SHARE_FORCED ? SHARE_FORCED : SHARE_OWN;
}

int share_tree(share_files *files, const share_strs *paths,
	       const share_strs *forced, const char *in_p, share_node *nodes)
{
	size_t n = paths->count, depth = 1;
	size_t *stack = calloc(n + 1, sizeof(size_t));
	size_t *last = calloc(n + 1, sizeof(size_t));
	int res = stack && last ? 0 : -1;

	memset(nodes, 0, n * sizeof(*nodes));
	for (size_t i = 0; !res && i < n; i++) {
		if (!(nodes[i].scan = share_files_get(files, paths->items[i])))
			res = -1;
		else if (!i)
			nodes[i].kind = SHARE_MAIN;
		else if (is_forced(forced, paths->items[i])) {
			nodes[i].kind = SHARE_FORCED;	/* before line 1 */
			nodes[i].forced = 1;
			depth = 1;
		} else {
			nodes[i].parent = opener(nodes, stack, &depth,
						 paths->items[i], &nodes[i].line);
		}
		if (!res && i) {
			link_child(nodes, i, last, in_p[i]);
			stack[depth++] = i;
		}
		nodes[i].end = i;
	}
	for (size_t i = n; !res && i-- > 1;)
		if (nodes[i].end > nodes[nodes[i].parent].end)
			nodes[nodes[i].parent].end = nodes[i].end;
	free(stack);
	free(last);
	return res;
}

size_t share_tree_before(const share_node *nodes, size_t i, size_t line)
{
	for (size_t c = nodes[i].child; c; c = nodes[c].next)
		if (nodes[c].line >= line)
			return c - 1;
	return nodes[i].end;
}
