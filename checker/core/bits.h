/* bits.h: what a call does with bits it does not take, as a rule's bits=
 * says (fs_bits, rules_model.h), one row each: the errno the call fails
 * with, what the engine says of it (consequence.h) and how messages word
 * it (message.h). */
#ifndef FS_BITS_H
#define FS_BITS_H

#include "consequence.h"

typedef struct fs_bits_text {
	const char *fails_with;	/* "EINVAL"; NULL when the call succeeds */
	fs_says says;		/* what the engine says of a finding */
	const char *alone;	/* "the call fails with EINVAL" */
	const char *after;	/* after a meaning: " and the call fails with
				   EINVAL" */
	const char *verb;	/* "makes the call fail with EINVAL" */
} fs_bits_text;

/* The row of `bits`, which must be below FS_BITS_COUNT. */
const fs_bits_text *fs_bits_text_of(fs_bits bits);

#endif
