/* html_text.h: text written into the HTML report (html_text.c). */
#ifndef FS_HTML_TEXT_H
#define FS_HTML_TEXT_H

#include <stddef.h>

/* Writes the first `len` bytes of s (all of it when len is (size_t)-1) with
 * &, <, >, " and ' escaped. */
void html_put_n(const char *s, size_t len);
#define html_put(s) html_put_n((s), (size_t)-1)

/* The length of the directory part of `path` ("a/b" of "a/b/c.c"; 0 for
 * "c.c"). */
size_t html_dir_len(const char *path);

#endif
