#include <fcntl.h>
#include "../cloexec.h"

int open_dir(const char *p)
{
	return open(p, O_RDONLY | O_DIRECTORY | O_NONBLOCK);
}
