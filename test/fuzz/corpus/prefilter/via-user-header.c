#include "flags.h"

int g(const char *p)
{
	return OPEN_TRUNCATING(p);
}
