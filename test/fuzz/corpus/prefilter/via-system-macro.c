#include <sysflags.h>

int s(const char *p)
{
	return SYS_OPEN_TRUNCATING(p);
}
