/* fileio.c: reads whole files and hashes their contents. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "base/fnv.h"

char *cli_read_fd(int fd, size_t *len)
{
	char *text = NULL;
	size_t n = 0, cap = 0;
	ssize_t got = 1;
	int err = 0;

	while (got && !err) {
		if (n + 4096 + 1 > cap) {
			char *grown = realloc(text, cap = 2 * cap + 8192);

			if (!grown) {
				err = ENOMEM;
				break;
			}
			text = grown;
		}
		got = read(fd, text + n, cap - n - 1);
		if (got > 0)
			n += (size_t)got;
		else if (got < 0 && errno != EINTR)
			err = errno;
	}
	if (err) {
		free(text);
		errno = err;
		return NULL;
	}
	text[n] = '\0';
	if (len)
		*len = n;
	return text;
}

char *cli_read_regular(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	char *text = NULL;
	int err;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st))
		;	/* errno says why */
	else if (!S_ISREG(st.st_mode))
		errno = EINVAL;
	else
		text = cli_read_fd(fd, len);
	err = errno;
	close(fd);
	errno = err;
	return text;
}

char *cli_read_all(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	char *text;

	if (fd < 0)
		return NULL;
	text = cli_read_fd(fd, len);
	err = errno;
	close(fd);
	errno = err;
	return text;
}

uint64_t cli_hash(const char *bytes, size_t len)
{
	return fs_fnv64(bytes, len);
}
