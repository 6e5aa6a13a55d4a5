/* bits.c: the one table of what a call does with bits it does not take. */
#include "bits.h"

static const fs_bits_text table[FS_BITS_COUNT] = {
#define FAILS_WITH(e) { e, FS_SAYS_ERRNO, "the call fails with " e, \
			" and the call fails with " e, \
			"makes the call fail with " e }
	[FS_BITS_EINVAL] = FAILS_WITH("EINVAL"),
	[FS_BITS_EOPNOTSUPP] = FAILS_WITH("EOPNOTSUPP"),
	[FS_BITS_EISDIR] = FAILS_WITH("EISDIR"),
	[FS_BITS_ENOSYS] = FAILS_WITH("ENOSYS"),
#undef FAILS_WITH
	[FS_BITS_IGNORED] = { NULL, FS_SAYS_IGNORED, "it is ignored",
			      " and is ignored", "is ignored" },
	/* A test for bits a result never has is always false; the decoded
	 * bits already say it all. */
	[FS_BITS_NEVER_SET] = { NULL, FS_SAYS_WRONG_TEST,
				"the result never has it", "",
				"is never set" },
	[FS_BITS_UNREAD] = { NULL, FS_SAYS_IGNORED, "the call never reads it",
			     " and is never read", "is never read" },
	/* A combination rule's note says what happens instead. */
	[FS_BITS_MISBEHAVES] = { NULL, FS_SAYS_CHANGES,
				 "the call does something else", "",
				 "makes the call do something else" },
};

const fs_bits_text *fs_bits_text_of(fs_bits bits)
{
	return &table[bits];
}
