/* html.h: the parts of the HTML report (html.c: the page, its totals and
 * filters, which writes each finding with html_finding.c; both write text
 * with html_text.h). */
#ifndef FS_HTML_H
#define FS_HTML_H

#include <stddef.h>

#include "audit.h"
#include "flagspace.h"
#include "html_text.h"

/* One finding as a <section id="f<i>"> with data-check, data-dir and
 * data-consequence: its
 * place and message, its source lines with the flag marked, where the flag
 * was passed on its way (the notes), what the built-in rules (`rules`, may
 * be NULL) say of the flag's bits, and its fix-it as a diff. Paths are
 * named relative to `cwd`. */
void html_put_finding(const audit *a, size_t i, const char *cwd,
		      const fs_rules *rules);

#endif
