/* Names the rules know, only in comments: open(p, O_RDONLY | AT_REMOVEDIR),
 * fcntl(fd, F_SETFD, O_CLOEXEC). Nothing reaches the tokens. */
#include "quiet.h"

// mmap(0, n, MAP_SHARED, PROT_READ, fd, 0)
int commented(void)
{
	return GREETING[0]; /* AT_EMPTY_PATH */
}
