#include <unistd.h>
#include "shared.h"

static int plain_c(void)
{
	return 0;
}
