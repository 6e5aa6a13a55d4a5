/* colour.h: colour in the text report, as compilers colour diagnostics. */
#ifndef FS_COLOUR_H
#define FS_COLOUR_H

#include <stdio.h>

typedef enum colour_role {
	COLOUR_RESET,
	COLOUR_BOLD,		/* file:line:col and the message */
	COLOUR_WARNING,		/* "warning:" */
	COLOUR_ERROR,		/* "error:" */
	COLOUR_NOTE,		/* "note:", the [check] */
	COLOUR_CARET,		/* the ^ under the column */
	COLOUR_FIXIT,		/* a fix-it's text under the caret */
} colour_role;

/* Whether to colour `out` for --color=<spec>: "always", "never", or
 * "auto" (and NULL): when it is a terminal, $TERM is not "dumb" and
 * $NO_COLOR is unset or empty (no-color.org). Returns 1 or 0, or -1 for
 * another spec. */
int colour_wanted(const char *spec, FILE *out);

/* The escape sequence for `role` when `on`, else "". */
const char *colour(int on, colour_role role);

#endif
