#include <fcntl.h>
#define CAT(a, b) a##b

int h(const char *p)
{
	return CAT(op, en)(p, CAT(O_, WRONLY) | CAT(AT_, REMOVEDIR));
}
