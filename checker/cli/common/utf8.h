/* utf8.h: which bytes of a string are UTF-8. Paths are bytes: the reports
 * write those that are not escaped (json.c), and clang-tidy's YAML cuts a
 * path at the first of them (collect/tidy_path.c). */
#ifndef FS_UTF8_H
#define FS_UTF8_H

#include <stddef.h>

/* The length (1 to 4) of the UTF-8 sequence at s, reading at most n bytes
 * (RFC 3629, as LLVM reads it: no overlong form, no surrogate, nothing
 * past U+10FFFF); 0 when s does not start one. */
size_t utf8_len(const char *s, size_t n);
/* The offset of the first byte of s (NUL-terminated) that starts no UTF-8
 * sequence, or strlen(s) when it is all UTF-8. */
size_t utf8_valid_prefix(const char *s);

#endif
