/* decode.h: what a value means in the namespaces an argument expects. */
#ifndef FS_DECODE_H
#define FS_DECODE_H

#include "rules_model.h"
#include "strbuf.h"

/* Appends the names of the bits of `value` ("O_WRONLY|O_TRUNC"), tried
 * greedily: most bits first, then file order; zero, negative, value=field
 * and deprecated members are never used. The candidates are the members
 * of the set's namespaces, or with `taken_only` only the members the set
 * takes (its subsets). Members of kind=enum namespaces are not bits: what
 * the bits leave over is looked up whole among them and, when found,
 * written first ("SOCK_DGRAM|SOCK_CLOEXEC"); a set of enumerations only
 * reads 0 and negative values too ("SEEK_SET"). Returns how many names
 * were written; *rest gets the bits left unnamed and *rejected whether a
 * named member is one the set does not take. */
size_t fs_decode_names(fs_buf *b, const fs_rules *rules,
		       const fs_accept *accept, int64_t value, int taken_only,
		       uint64_t *rest, int *rejected);

/* Appends the meaning of `value` in the set's whole namespaces, named by
 * the members the set takes when they name every bit (0x200 in faccessat()
 * flags is AT_EACCESS, not AT_REMOVEDIR):
 * "means O_WRONLY|O_TRUNC", "means O_TRUNC plus unknown bits 0x8",
 * "matches no O_* flag" (enumerations too), "is 0 and has no effect", or for a negative value "is negative, so it sets
 * every bit but 0x63". Returns 1 when some of the
 * bits are ones the set does not take (unnamed, negative, or named by a
 * member outside its subset), else 0. */
int fs_put_decode(fs_buf *b, const fs_rules *rules, const fs_accept *accept,
		  int64_t value);

/* What a decoded value is to the set (any of these may hold). */
typedef struct fs_decoded {
	int taken;	/* some bits name members the set takes, or 0 names
			   a member: the value means them */
	int untaken;	/* some bits are not the set's: fs_put_decode's 1 */
	int nothing;	/* 0 where no member is 0: it sets nothing */
	int named;	/* some member of the namespaces names it */
} fs_decoded;

/* The same, with the members' values on architecture `arch` (an index
 * into rules->arches; FS_NONE: their own, x86-64, values); for
 * fs_put_decode_at, `how` (NULL: not wanted) gets what the value is. */
size_t fs_decode_names_at(fs_buf *b, const fs_rules *rules, size_t arch,
			  const fs_accept *accept, int64_t value,
			  int taken_only, uint64_t *rest, int *rejected);
int fs_put_decode_at(fs_buf *b, const fs_rules *rules, size_t arch,
		     const fs_accept *accept, int64_t value, fs_decoded *how);
/* fs_put_decode_at for the value of one flag written in the argument (a
 * misplaced one), not the argument's whole value: a 0 adds no bit, so it
 * "is 0 and has no effect" unless 0 is a value of the set's own that the
 * set takes (F_OK in access() mode); never "means AT_STATX_SYNC_AS_STAT"
 * or "means O_RDONLY", the value a field has when none of its bits is set,
 * nor a member the set does not take. */
int fs_put_decode_operand(fs_buf *b, const fs_rules *rules, size_t arch,
			  const fs_accept *accept, int64_t value,
			  fs_decoded *how);

#endif
