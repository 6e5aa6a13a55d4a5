#include <unistd.h>
#include "shared.h"

int stat_it(int dfd, const char *path, struct stat *st)
{
	return STAT_AT(dfd, path, st, 1);
}
