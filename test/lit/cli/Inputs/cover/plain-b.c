#include <unistd.h>
#include "shared.h"

int plain_b(int fd)
{
	return CLOSE_TWICE(fd);
}
