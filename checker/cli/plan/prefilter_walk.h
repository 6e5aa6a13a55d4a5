/* prefilter_walk.h: one prefilter run's state, shared by walking the
 * units' sources (prefilter.c) and planning the audit from the walks
 * (prefilter_plan.c). */
#ifndef FS_PREFILTER_WALK_H
#define FS_PREFILTER_WALK_H

#include "prefilter.h"
#include "strset.h"

typedef struct pf_cand {
	size_t file;
	int system;
	char *via;		/* the -I-like directory it was found in */
} pf_cand;

typedef AUDIT_VEC(pf_cand) pf_cands;

typedef struct prefilter {
	const fs_rules *rules;
	AUDIT_VEC(pf_file) files;
	strset file_ids;
	AUDIT_VEC(pf_cands) results;
	strset resolved;	/* "sig id, directory, name" -> results */
	strset sigs;		/* a plan's include path -> its id */
	pf_strs defaults;	/* the compiler's own include directories */
	pf_names names;
	strset watch;		/* macros some command defines, -fPIC's */
	size_t gen;
	int whole;		/* --cache: walk every file a unit may read,
				   also where the unit runs anyway */
	int cover;		/* the cover set: walk units the compiler
				   reads a subset of too */
	strset inner;		/* words headers name inside braces */
} prefilter;

/* Reads the compiler's own include directories and macros for `lang`
 * ("c", "c++") into pf->defaults and pf->names, from `clang -E -dM -v` of
 * nothing. Returns 0, or -1 when the compiler cannot be run. */
int pf_read_defaults(prefilter *pf, const char *lang, int no_default_config);
/* Whether a .clang-tidy above the file mentions flagspace: it may add
 * rules that are not known here. */
int pf_has_own_config(const char *file);
/* Whether the walk of plan's unit can stop: the unit runs and, unless the
 * cache wants its every file, nothing more is needed. */
int pf_walk_done(const prefilter *pf, const pf_plan *plan);
/* Walks the unit's files (its main file, forced includes and every
 * candidate of each #include) into plan. Returns 0, or -1 when out of
 * memory. */
int pf_walk(prefilter *pf, pf_plan *plan, const audit_tu *tu);
/* Whether a flag name the rules know can reach the unit's code. */
int pf_may_find(const prefilter *pf, const pf_plan *plan);

#endif
