#include <fcntl.h>

/* -Wunused-function: an error under the project's -Werror */
static int unused(void)
{
	return 0;
}

int wrong(const char *p)
{
	return open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
}
