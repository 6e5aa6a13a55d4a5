/* Only findings that change nothing on x86-64: same-value, deprecated. */
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int harmless(const char *p)
{
	int s = socket(AF_UNIX, SOCK_STREAM | O_CLOEXEC, 0);

	return s + open(p, O_RDONLY | O_NDELAY);
}
