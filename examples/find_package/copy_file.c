/* copy_file.c: opens a file without following a symlink, or so it says:
 * AT_SYMLINK_NOFOLLOW is 0x100, which open() reads as O_NOCTTY. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd;

	if (argc != 2)
		return 2;
	fd = open(argv[1], O_RDONLY | AT_SYMLINK_NOFOLLOW);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	return close(fd);
}
