/* consequence.h: what a finding does at run time, decided from what the
 * engine says about it. */
#ifndef FS_CONSEQUENCE_H
#define FS_CONSEQUENCE_H

#include "flagspace.h"
#include "rules_model.h"

/* What the engine can say of a finding, as it words it. A reporter says
 * each that its message says (fs_findings_say); the class follows from
 * the table in consequence.c, never from the check or the message. */
typedef enum fs_says {
	FS_SAYS_ERRNO,		/* the call fails with an errno */
	FS_SAYS_CHANGES,	/* what happens is not what the code says: the
				   bits mean another flag, a number, another
				   argument; a file gets another mode */
	FS_SAYS_WRONG_TEST,	/* a test is always true or always false, or
				   also true for other values */
	FS_SAYS_IGNORED,	/* bits that are ignored or never read, or a
				   flag that is 0 where it stands */
	FS_SAYS_SAME_VALUE,	/* the value is that of the flag meant, on
				   the unit's architecture */
	FS_SAYS_DEPRECATED,	/* an old spelling of the same value */
	FS_SAYS_COUNT
} fs_says;

/* The class of a finding of which the engine says `says` (bits 1u <<
 * fs_says): the worst the table gives them. A finding the engine says
 * nothing of is FS_CONSEQUENCE_FAILS, the worst possible: nothing is
 * known of it. */
fs_consequence fs_consequence_of(unsigned says);

/* What a rule's bits (fs_bits: what a call does with bits it does not
 * take) do, from bits.h's table: FS_SAYS_ERRNO for EINVAL, EOPNOTSUPP
 * and EISDIR, FS_SAYS_CHANGES for a combination that misbehaves,
 * FS_SAYS_WRONG_TEST for bits a result never has (a test for them is
 * always false), FS_SAYS_IGNORED for bits ignored or never read. */
fs_says fs_says_of_bits(fs_bits bits);

#endif
