/* share_pch_text.h: what share_sound reads of a shared set's headers,
 * once per set. */
#ifndef FS_SHARE_PCH_TEXT_H
#define FS_SHARE_PCH_TEXT_H

#include <stdint.h>

#include "share_reach.h"

/* Names to the headers of the set that #define or #undef them. */
typedef struct share_where {
	size_t header;		/* index into the set's headers */
	size_t next;		/* the next, or STRSET_NONE */
	uint64_t cond;		/* the branch of its first word on the name */
	int differ;		/* it #defines it in another branch too */
	int undef;		/* its last word on the name is an #undef in
				   the branch of every #define of it there */
} share_where;

/* A macro's replacement list: the file's view and its index there. */
struct share_mac_at {
	const struct share_scan_ids *v;
	size_t mac, next;
};

struct share_pch_text {
	int unread;		/* headers[bad] could not be read */
	size_t bad;
	strset defs;		/* name -> its first share_where */
	AUDIT_VEC(share_where) at;
	share_bodies bodies;	/* the headers' replacement lists */
	share_scan_vec scans;	/* per header, the cache's */
	/* The names the set's own preprocessing tests or expands, through
	 * the macros of its headers and of the files live_key names: the
	 * forced includes, then what moves with the set (its headers and the
	 * files they include) in the order the unit opened them, live_from.
	 * By name id (share_ids.h): the last of live_from that reads it,
	 * counted from the end, or STRSET_NONE (live_at); the origin its
	 * replacement lists were walked from (walked); the ids set. */
	strset *names;		/* the share_files' */
	size_t *live_at, *walked, nlive;
	share_idxs touched;
	char *live_key;
	share_strs live_from;
	/* The headers' macros by name id: head[id] -> macs, chained. */
	size_t *head, nhead;
	AUDIT_VEC(struct share_mac_at) macs;	/* the set's, then a walk's */
	size_t macs_of_set;
};

/* Reads the set's headers (pch->text) unless done. Returns 0, or -1 when
 * out of memory. */
int share_pch_read(share_files *files, share_pch *pch);
/* Makes t's live names for the files `side` (in the order the unit
 * opened them) with the macros of the files `more` too, unless it is for
 * `key` already (the paths of the forced includes and of side). Returns
 * 0, or -1 when out of memory. */
int share_pch_live(struct share_pch_text *t, share_text_scan *const *more,
		   size_t nmore, share_text_scan *const *side, size_t nside,
		   const char *key);
/* The last file of t->live_from that tests or expands `name`, or NULL. */
const char *share_pch_live_in(const struct share_pch_text *t,
			      const char *name);

#endif
