#include <fcntl.h>
#define OFLAG(x) O_ ## x
#define ATFLAG(x) AT_ ## x

int paste(const char *p)
{
	return open(p, OFLAG(WRONLY) | ATFLAG(REMOVEDIR));
}
