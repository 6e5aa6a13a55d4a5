/* suggest.h: what to write instead of a flag from the wrong namespace. */
#ifndef FS_SUGGEST_H
#define FS_SUGGEST_H

#include "site.h"

/* Appends "; use O_NOFOLLOW", "; use X in open_how.resolve", "; X was
 * proposed in 2020 but never reached the kernel" or "; it belongs in
 * open() mode" for member `m` misplaced in slot `slot`, from the
 * `equivalent` rules whose FROM is m. Sets *fix to the replacement when it
 * is certain (the only offer, for this slot, marked certain), else NULL. */
void fs_put_suggestions(fs_buf *b, const fs_site *site, size_t slot,
			size_t m, const char **fix);

#endif
