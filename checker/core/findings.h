/* findings.h: appending findings to the list handed back to front ends. */
#ifndef FS_FINDINGS_H
#define FS_FINDINGS_H

#include "consequence.h"
#include "decode.h"
#include "flagspace.h"
#include "rules_model.h"
#include "strbuf.h"

/* Frees the message and fix of each of items[0..count), not the array. */
void fs_findings_free_texts(fs_finding *items, size_t count);

/* Removes from out->items[from..] each finding `drops` says 1 of, keeping
 * the others in order. Returns 0, or -1 when `drops` does (out of
 * memory; the findings asked before are settled). */
int fs_findings_drop_if(fs_findings *out, size_t from,
			int (*drops)(const fs_finding *f, const void *ctx),
			const void *ctx);

/* Appends a finding whose message is taken from `message` (emptied) and
 * whose fix is a copy of `fix` (may be NULL). Returns 0, or -1 when out of
 * memory (nothing is appended). */
int fs_findings_add(fs_findings *out, fs_check check, size_t slot,
		    size_t term, fs_buf *message, const char *fix);

/* Says `says` of the last finding of `out`: its consequence becomes the
 * worst of all that is said of it (consequence.h). Every reporter says at
 * least one thing of each finding it adds. */
void fs_findings_say(fs_findings *out, fs_says says);
/* Says of the last finding what bits a rule does not take do there
 * (fs_says_of_bits); with FS_BITS_EINVAL, FS_BITS_EOPNOTSUPP,
 * FS_BITS_EISDIR or FS_BITS_ENOSYS, also that the call fails with that
 * errno (fs_finding.fails_with). */
void fs_findings_say_bits(fs_findings *out, fs_bits bits);
/* Says of the last finding what a value decoded in a set is (decode.h):
 * bits that mean members the set takes change what happens, bits it does
 * not take do what `bits` says, and 0 that means nothing is ignored. */
void fs_findings_say_decoded(fs_findings *out, const fs_decoded *how,
			     fs_bits bits);
/* ... that its harm needs the call to succeed (harms_on_success). */
void fs_findings_mark_harms_on_success(fs_findings *out);

#endif
