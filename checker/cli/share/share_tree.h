/* share_tree.h: a unit's include tree, rebuilt from the order it first
 * opened its files (a depth-first walk of the tree) and their #include
 * lines: what each line of each file comes after. */
#ifndef FS_SHARE_TREE_H
#define FS_SHARE_TREE_H

#include "share_scan.h"

enum { SHARE_OWN, SHARE_MAIN, SHARE_FORCED, SHARE_P, SHARE_INNER };

/* One file of the unit, by its place (0: the main file). */
typedef struct share_node {
	size_t parent;		/* the file that opened it (forced: 0) */
	size_t line;		/* of the parent's #include doing it: 0 for a
				   forced include (before the main file's
				   text), SIZE_MAX when not known */
	size_t end;		/* the last place of its subtree */
	size_t child, next;	/* its first child, its next sibling; 0 none */
	int kind;		/* SHARE_OWN, _MAIN, _FORCED (or in one's
				   subtree), _P, _INNER (in a P's subtree) */
	int forced;		/* a forced include or in one's subtree (a
				   header of P too, maybe) */
	share_text_scan *scan;
} share_node;

/* Rebuilds the tree of the unit's `files` into nodes[files->count]:
 * a file's parent is the deepest file still open whose #include names it
 * (or, named by none, the deepest open file, at an unknown line). in_p
 * says which places are of P, forced which paths are forced includes.
 * Returns 0, or -1 when out of memory. */
int share_tree(share_files *files, const share_strs *paths,
	       const share_strs *forced, const char *in_p, share_node *nodes);
/* The last place opened before line `line` of the file at place i. */
size_t share_tree_before(const share_node *nodes, size_t i, size_t line);

#endif
