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

/* One run of operands joined by ## (a ## b ## c): the name made starts
 * with `prefix` and ends with `suffix`, the operands before the first and
 * after the last parameter; with no parameter (fixed) it is `prefix`. */
typedef struct pf_paste {
	char *prefix, *suffix;
	int fixed;
} pf_paste;

typedef struct pf_define {
	char *name;
	pf_strs body;		/* identifiers of the replacement */
	AUDIT_VEC(pf_paste) pastes;
	int paste_any;		/* a paste that may make any name */
} pf_define;

typedef struct pf_file {
	char *path;
	int scanned, readable;
	int names_record;	/* -1 not asked yet, else 0 or 1 */
	pf_strs idents;		/* words that may be expanded or parsed */
	AUDIT_VEC(pf_include) includes;
	AUDIT_VEC(pf_define) defines;
	size_t seen_tu, seen_user_tu;	/* marks of the unit being walked */
} pf_file;

/* Reads f->path: sets readable, idents, includes, defines.
 * Returns 0, or -1 when out of memory. */
int pf_scan_file(pf_file *f);

/* Reads the pastes of a #define into d, `p` just after the macro's name.
 * Returns 0, or -1 when out of memory. */
int pf_scan_pastes(pf_define *d, const char *p, const char *eol);

/* Removes from a->tus the units that cannot contain a finding with the
 * rules `rules`; a->skipped counts them. Returns CLI_OK or CLI_FAIL. */
int audit_prefilter(audit *a, const fs_rules *rules);

#endif
