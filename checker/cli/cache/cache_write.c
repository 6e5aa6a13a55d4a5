/* cache_write.c: writes a file of the result cache (an entry, a tool's
 * memo) atomically, through its folder opened without following a
 * symbolic link: whoever can write the cache folder cannot send the file
 * elsewhere. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cache.h"
#include "cli.h"

int cache_write(const char *dir, const char *name, const char *bytes,
		size_t len, char *why, size_t size)
{
	int fd, res;

	if (mkdir(dir, 0777) && errno != EEXIST)
		return cli_set_why(why, size, "cannot create the folder: %s",
				   cli_strerror(errno));
	/* Not through a link someone put in the folder: that could send
	 * the file anywhere its audits can write. */
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		       O_CLOEXEC)) < 0) {
		struct stat st;
		int err = errno;

		return cli_set_why(why, size, "cannot open the folder: %s",
				   !lstat(dir, &st) && S_ISLNK(st.st_mode) ?
				   "it is a symbolic link" :
				   cli_strerror(err));
	}
	res = atomic_replace_at(fd, dir, name, NULL, bytes, len, why, size);
	close(fd);
	return res;
}
