#include <unistd.h>
#include "shared.h"

int create(const char *path)
{
	return open(path, CREATE_FLAGS);
}
