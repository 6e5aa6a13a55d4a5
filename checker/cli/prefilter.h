/* prefilter.h: skips the translation units that cannot contain a finding,
 * by reading their sources, not compiling them (see prefilter.c for why
 * nothing is lost). */
#ifndef FS_PREFILTER_H
#define FS_PREFILTER_H

#include "audit.h"

typedef AUDIT_VEC(char *) pf_strs;

typedef struct pf_include {
	char *name;
	int angled;
	int computed;		/* #include MACRO: the file is not known */
} pf_include;

typedef struct pf_define {
	char *name;
	pf_strs body;		/* identifiers of the replacement */
	int pasted;		/* uses ##: can make any name */
} pf_define;

typedef struct pf_file {
	char *path;
	int scanned, readable, pasted;
	pf_strs idents;
	AUDIT_VEC(pf_include) includes;
	AUDIT_VEC(pf_define) defines;
	int reached_system;	/* included as a system header somewhere */
	size_t seen_tu, seen_user_tu;	/* marks of the unit being walked */
} pf_file;

/* Reads f->path: sets readable, pasted, idents, includes, defines.
 * Returns 0, or -1 when out of memory. */
int pf_scan_file(pf_file *f);

/* Removes from a->tus the units that cannot contain a finding with the
 * rules `rules`; a->skipped counts them. Returns CLI_OK or CLI_FAIL. */
int audit_prefilter(audit *a, const fs_rules *rules);

#endif
