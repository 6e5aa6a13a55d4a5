#include <fcntl.h>
#include "broken.h"

int uses_header(const char *p)
{
	return open(p, O_RDONLY);
}
