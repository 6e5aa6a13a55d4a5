/* html.h: the parts of the HTML report (html.c: the page, its totals and
 * filters; html_finding.c: one finding). */
#ifndef FS_HTML_H
#define FS_HTML_H

#include <stddef.h>

#include "audit.h"
#include "flagspace.h"

/* Writes the first `len` bytes of s (all of it when len is (size_t)-1) with
 * &, <, >, " and ' escaped. */
void html_put_n(const char *s, size_t len);
#define html_put(s) html_put_n((s), (size_t)-1)

/* The length of the directory part of `path` ("a/b" of "a/b/c.c"; 0 for
 * "c.c"). */
size_t html_dir_len(const char *path);

/* One finding as a <section id="f<i>"> with data-check, data-dir and
 * data-consequence: its
 * place and message, its source lines with the flag marked, where the flag
 * was passed on its way (the notes), what the built-in rules (`rules`, may
 * be NULL) say of the flag's bits, and its fix-it as a diff. Paths are
 * named relative to `cwd`. */
void html_put_finding(const audit *a, size_t i, const char *cwd,
		      const fs_rules *rules);

#endif
