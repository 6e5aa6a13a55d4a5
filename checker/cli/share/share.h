/* share.h: headers many units include, planned as precompiled headers
 * (issue 25): the units' dependencies as clang-scan-deps lists them, the
 * headers wholly inside an include guard, the choice of header sets, and
 * whether a unit reads the same with its set in front. Nothing here
 * starts a process; share_sound reads files. */
#ifndef FS_SHARE_H
#define FS_SHARE_H

#include <stddef.h>

#include "audit.h"
#include "strset.h"

typedef AUDIT_VEC(char *) share_strs;
typedef AUDIT_VEC(size_t) share_idxs;

/* One rule of `clang-scan-deps -format make`: its target and its files,
 * the main file first, then each file in the order it was first opened. */
typedef struct share_deps {
	char *target;
	share_strs files;
} share_deps;

typedef AUDIT_VEC(share_deps) share_deps_list;

/* Appends each rule of `text` to *out. Returns 0, -1 when out of memory
 * or on text that is no make rule (err then says "make deps:LINE: why";
 * the rules before stay in *out). (share_deps.c) */
int share_parse_deps(const char *text, size_t len, share_deps_list *out,
		     char *err, size_t errlen);
void share_deps_list_free(share_deps_list *l);

/* Whether the whole text is inside one include guard (#ifndef X, #define
 * X, ..., #endif, nothing after) or starts with #pragma once: 1 when it
 * is, 0 when not, -1 when out of memory. A header read again on purpose
 * (#if !defined(X) || defined(MULTI_READ)) is not. (share_guard.c) */
int share_is_guarded(const char *text, size_t len);

/* Whether `path` may go into a shared header, and its size; the caller
 * decides (guarded, readable, where it lives). Returns 1 and sets *size,
 * 0 when it may not, -1 when out of memory. A unit's main file is never
 * shared, whatever this says. */
typedef int share_header_fn(void *ctx, const char *path, size_t *size);

typedef struct share_limits {
	size_t max_pchs;	/* at most this many sets */
	size_t min_units;	/* a set's anchor included by at least this
				   many units */
} share_limits;

/* One shared header set. */
typedef struct share_pch {
	char *anchor;		/* the header every unit using it includes */
	share_strs headers;	/* in the order to include them */
	size_t bytes;		/* their sizes' sum */
	size_t users;		/* units assigned to it */
	/* share_sound's reading of the headers, made by its first call on
	 * the set (it points into that call's share_files). */
	struct share_pch_text *text;
} share_pch;
void share_pch_text_free(struct share_pch_text *t);	/* share_pch_text.c */

typedef struct share_plan {
	AUDIT_VEC(share_pch) pchs;
	int *unit_pch;		/* per unit: index into pchs, or -1 */
} share_plan;

/* Chooses at most lim->max_pchs header sets for the units and assigns
 * each unit the largest it may use (share_choose.c). Deterministic: ties
 * go to the smaller path. Returns 0, or -1 when out of memory (or `fn`
 * says so); *out is zeroed first. */
int share_choose(const share_deps *units, size_t nunits,
		 const share_limits *lim, share_header_fn *fn, void *ctx,
		 share_plan *out);
void share_plan_free(share_plan *p);
void share_pch_free(share_pch *p);

/* What the unit's command and the set's build were given. The set is
 * built from its headers #included in order, with the unit's forced
 * includes first. */
typedef struct share_cmd {
	const share_strs *forced;	/* the -include files, spelled as in
					   the unit's dependencies: they and
					   what they include come first
					   either way */
	const share_strs *unit_args;	/* the unit's command */
	const share_strs *pch_args;	/* the set's build command */
} share_cmd;

/* Files read once, by path, for share_sound. A set's reading points into
 * it: give every call on a set the same one. */
typedef struct share_files {
	strset by_path;
	AUDIT_VEC(struct share_text_scan *) items;
	strset names;		/* every name read as an id (share_ids.h) */
} share_files;
void share_files_free(share_files *f);

/* Whether the unit preprocesses the same with `pch` included before its
 * text (the rule is in share_sound.c). Returns 1 when it does, 0 when it
 * may not (`why`: "/s/fs/aio.c:12: defines pr_fmt, which the shared
 * header /s/include/linux/ratelimit.h uses"), -1 when out of memory. A
 * file that cannot be read makes it 0. */
int share_sound(share_files *files, share_pch *pch, const share_deps *unit,
		const share_cmd *cmd, char *why, size_t whylen);

#endif
