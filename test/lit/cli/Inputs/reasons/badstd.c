#include <fcntl.h>

int bad_std(const char *p)
{
	return open(p, O_RDONLY);
}
