/* share_reach.h: the names a use of a name can expand to, through the
 * replacement lists of the macros a set of files defines. */
#ifndef FS_SHARE_REACH_H
#define FS_SHARE_REACH_H

#include "share_scan.h"

/* Replacement lists by macro name: every definition, in a chain. */
typedef struct share_body {
	const char *body;	/* the scan's own string */
	size_t next;		/* the next, or STRSET_NONE */
} share_body;

typedef struct share_bodies {
	strset first;
	AUDIT_VEC(share_body) at;
} share_bodies;

/* Adds s's #defines (s must outlive b). Returns 0, or -1 when out of
 * memory. */
int share_bodies_add(share_bodies *b, const share_text_scan *s);
void share_bodies_free(share_bodies *b);

/* Whether the walk stops at `name` (nonzero), reached from the root. */
typedef int share_stop_fn(void *ctx, const char *name);

/* Walks from `root` to every name a replacement list of the macros in
 * maps names, and on, adding those it reaches to `seen` with value
 * `origin`, and skipping those seen has from an origin no larger (stop
 * must stop at a name from a smaller origin whenever it does from a
 * larger). Returns 1 when stop (may be NULL) said so, *hit its name
 * (malloc'd), 0 when the walk ended, -1 when out of memory. */
int share_reach(const share_bodies *const *maps, size_t nmaps, strset *seen,
		const char *root, size_t origin, share_stop_fn *stop,
		void *ctx, char **hit);

#endif
