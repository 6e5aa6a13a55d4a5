#include <fcntl.h>
#include "shared.h"

int open_nofollow(const char *p)
{
	return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
}
