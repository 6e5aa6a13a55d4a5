#include <fcntl.h>

int open_config(void)
{
	return open("config", O_RDONLY);
}
