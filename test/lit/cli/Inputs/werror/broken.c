#include <fcntl.h>

static int unused(void)
{
	return 0;
}

int broken(const char *p)
{
	return open(p, O_RDONLY | no_such_flag);
}
