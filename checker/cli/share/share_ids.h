/* share_ids.h: names as numbers for the live walk (share_pch_text.c),
 * made once per file: the walk, done once per unit, then hashes no
 * string. */
#ifndef FS_SHARE_IDS_H
#define FS_SHARE_IDS_H

#include "share_scan.h"

/* A #define with a replacement list: its name and the names the list
 * spells, words[first .. first + count). */
typedef struct share_macro_ids {
	size_t name;
	size_t first, count;
} share_macro_ids;

/* What the walk reads of one file, as ids of share_files' names. */
typedef struct share_scan_ids {
	share_idxs tests;	/* the names it tests (#ifdef, defined()) */
	share_idxs uses;	/* the names it expands */
	AUDIT_VEC(share_macro_ids) macros;	/* its #defines, in order */
	share_idxs words;
} share_scan_ids;

/* The id of [name, name + len) in `names`, made when new; STRSET_NONE
 * when out of memory. Ids count from 0 in the order they are made. */
size_t share_id_make(strset *names, const char *name, size_t len);
/* s's view, made on first use (kept in s). NULL when out of memory. */
const share_scan_ids *share_scan_ids_of(strset *names, share_text_scan *s);
void share_scan_ids_free(share_scan_ids *v);

#endif
