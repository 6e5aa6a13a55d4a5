#include <fcntl.h>

int broken(const char *p)
{
	return open(p, O_RDONLY) + undeclared_name;
}
