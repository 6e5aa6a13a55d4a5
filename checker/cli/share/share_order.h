/* share_order.h: whether a unit reads its set's headers, each test of a
 * name against what defines it, as the PCH holds them. */
#ifndef FS_SHARE_ORDER_H
#define FS_SHARE_ORDER_H

#include "share_scan.h"
#include "share_tree.h"

/* A test of a name in one header of the set that another header of the
 * set defines or undefines. */
typedef struct share_test {
	size_t tests, line;	/* the testing header (its index) and line */
	size_t defines;		/* the defining header's index */
	const char *name;	/* the scan's */
} share_test;

/* One unit's reading of the set: its tree and each header's place. */
typedef struct share_view {
	share_node *nodes;
	size_t *pos;		/* per header of the set: its place */
} share_view;

typedef AUDIT_VEC(share_test) share_tests;

/* The tests of the set's headers whose name another of its headers
 * #defines or #undefs (#ifndef pr_fmt, #ifdef _LINUX_MM_H). Returns 0,
 * or -1 when out of memory. */
int share_order_tests(share_files *files, share_pch *pch, share_tests *out);
/* The reading of the set by the unit whose files are `unit`. Returns 0,
 * or -1 when out of memory (or a header it does not open). */
int share_order_view(share_files *files, const share_pch *pch,
		     const share_deps *unit, const share_strs *forced,
		     share_view *out);
void share_order_view_free(share_view *v);
/* Whether the unit `u` reads each test on the same side of what defines
 * its name (before it, inside it, after it) as `pch` (the reading of the
 * unit that writes the set's names, whose order the PCH has): 1, or 0
 * with `why`. */
int share_order_same(const share_pch *set, const share_tests *tests,
		     const share_view *u, const share_view *pch, char *why,
		     size_t size);

#endif
