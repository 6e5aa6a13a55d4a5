#include <unistd.h>
#include "shared.h"

int remove_it(const char *path)
{
	return OPEN_FOR_REMOVAL(path);
}
