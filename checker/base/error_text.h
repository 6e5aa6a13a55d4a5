/* error_text.h: the text of an errno value as flagspace's messages write
 * it: lower case, without a final full stop. */
#ifndef FS_BASE_ERROR_TEXT_H
#define FS_BASE_ERROR_TEXT_H

/* strerror(errnum) with its first letter in lower case, unless the first
 * word is an acronym ("EOF"). Returns a static buffer, valid until the
 * next call: not thread-safe, as strerror. */
const char *fs_strerror(int errnum);

#endif
