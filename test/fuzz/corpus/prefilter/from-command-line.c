#include <fcntl.h>

#ifndef FLAG_FROM_COMMAND_LINE
#define FLAG_FROM_COMMAND_LINE 0
#endif

int c(const char *p, int (*f)(const char *, int))
{
	return f(p, FLAG_FROM_COMMAND_LINE);
}
