/* colour.c: decides whether the text report is coloured, and with what
 * ANSI sequences (clang's: bold place and message, magenta warnings, red
 * errors, green caret). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "colour.h"

static const char *const sequences[] = {
	[COLOUR_RESET] = "\033[0m",
	[COLOUR_BOLD] = "\033[1m",
	[COLOUR_WARNING] = "\033[1;35m",
	[COLOUR_ERROR] = "\033[1;31m",
	[COLOUR_NOTE] = "\033[1;36m",
	[COLOUR_CARET] = "\033[1;32m",
	[COLOUR_FIXIT] = "\033[32m",
};

int colour_wanted(const char *spec, FILE *out)
{
	const char *no_color = getenv("NO_COLOR");
	const char *term = getenv("TERM");

	if (spec && !strcmp(spec, "always"))
		return 1;
	if (spec && !strcmp(spec, "never"))
		return 0;
	if (spec && strcmp(spec, "auto"))
		return -1;
	if (no_color && *no_color)
		return 0;
	if (term && !strcmp(term, "dumb"))
		return 0;
	return isatty(fileno(out)) ? 1 : 0;
}

const char *colour(int on, colour_role role)
{
	return on ? sequences[role] : "";
}
