/* error_text.c: errno's text in the messages' style (error_text.h). */
#include <string.h>

#include "base/error_text.h"

const char *fs_strerror(int errnum)
{
	static char text[128];
	const char *s = strerror(errnum);
	size_t n = strlen(s);

	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	memcpy(text, s, n);
	text[n] = '\0';
	if (text[0] >= 'A' && text[0] <= 'Z' &&
	    !(text[1] >= 'A' && text[1] <= 'Z'))
		text[0] = (char)(text[0] - 'A' + 'a');
	return text;
}
