/* accept.h: what an ACCEPTED set (of an argument or a field) takes. */
#ifndef FS_ACCEPT_H
#define FS_ACCEPT_H

#include "rules_model.h"
#include "strbuf.h"

/* How a known macro relates to an ACCEPTED set. */
typedef enum fs_fit {
	FS_FIT_OK,		/* taken, directly or through same= */
	FS_FIT_NUMBER,		/* the set is `-`: no flag belongs here */
	FS_FIT_RESERVED,	/* the set is `0`: the argument must be 0 */
	FS_FIT_SUBSET,		/* its namespace, but not in the subset */
	FS_FIT_FOREIGN,		/* another namespace */
} fs_fit;

/* Whether every namespace the set names is defined. A set that names an
 * unknown one (already warned about) is not checked: guessing what it
 * meant could only produce false reports. */
int fs_accept_is_known(const fs_rules *rules, const fs_accept *accept);
/* Whether some form of the set is namespace `ns`, subset or not. */
int fs_accept_has_ns(const fs_rules *rules, const fs_accept *accept,
		     size_t ns);
/* Whether member `m` is taken as it is (no same=). */
int fs_accept_takes(const fs_rules *rules, const fs_accept *accept,
		    size_t m);
fs_fit fs_accept_fit(const fs_rules *rules, const fs_accept *accept,
		     size_t m);

/* Whether some namespace of `a` is one `b` takes. */
int fs_accept_shares_ns(const fs_rules *rules, const fs_accept *a,
			const fs_accept *b);
/* The namespaces of the set, without repeats, in order; returns how many
 * (at most max) were stored in out. */
size_t fs_accept_namespaces(const fs_rules *rules, const fs_accept *accept,
			    size_t *out, size_t max);
/* The bit flags the set takes (no field, no 0, none off on `arch`, one per
 * value) whose bits all lie in `within` and none in `without`, in the
 * rules' order: their ids in out[0..max); returns how many (at most max),
 * with the union of their bits in *bits (may be NULL). */
size_t fs_accept_flags_within(const fs_rules *rules, const fs_accept *accept,
			      size_t arch, uint64_t within, uint64_t without,
			      size_t *out, size_t max, uint64_t *bits);
/* Whether every namespace of the set is kind=enum (and there is one). */
int fs_accept_is_enum(const fs_rules *rules, const fs_accept *accept);
/* "O_*", "AT_* or S_I*": the namespaces the set expects. */
void fs_put_expected(fs_buf *b, const fs_rules *rules,
		     const fs_accept *accept);
/* The same, for a flag of namespace `own`: a namespace shown as `own` is
 * (MS_* of mount and of msync) gets its desc in parentheses, so that the
 * two read apart. Returns whether one did; `own` then needs its desc too. */
int fs_put_expected_beside(fs_buf *b, const fs_rules *rules,
			   const fs_accept *accept, size_t own);
/* " (mount(2) mountflags)": the desc of a namespace, or its name. */
void fs_put_ns_desc(fs_buf *b, const fs_rules *rules, size_t ns);
/* "AT_SYMLINK_FOLLOW, AT_EMPTY_PATH": what the set takes, subsets by
 * member, whole namespaces as "P*". */
void fs_put_accepted_list(fs_buf *b, const fs_rules *rules,
			  const fs_accept *accept);

#endif
