/* demo.c: copy a file into a directory without following symlinks, with five flag mix-ups for flagspace to report.
 *
 *   usage: demo <source-file> <target-dir> <name>
 *
 * Each mistake compiles without a warning and "works" in a quick test; the
 * comment above it says what the misplaced bits really do.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Opens the file to copy, refusing a symlink. */
static int open_source(const char *path)
{
	/* Wrong: AT_SYMLINK_NOFOLLOW is an AT_ flag. In open() flags its bit
	 * 0x100 is O_NOCTTY, so symlinks are still followed. */
	return open(path, O_RDONLY | O_CLOEXEC | AT_SYMLINK_NOFOLLOW);
}

/* Creates `name` inside the directory `dirfd`, never escaping it. */
static int create_target(int dirfd, const char *name)
{
	/* Wrong: RESOLVE_BENEATH belongs in .resolve; in .flags its bit 0x8
	 * is no O_ flag, and openat2() fails with EINVAL. */
	struct open_how how = {
		.flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | RESOLVE_BENEATH,
		.mode = 0644,
	};
	return (int)syscall(SYS_openat2, dirfd, name, &how, sizeof(how));
}

/* Keeps the descriptor from leaking into programs we run later. */
static int keep_private(int fd)
{
	/* Wrong: F_SETFD takes FD_CLOEXEC (1). O_CLOEXEC is an open() flag,
	 * 0x80000 here, which sets no descriptor flag at all. */
	return fcntl(fd, F_SETFD, O_CLOEXEC);
}

/* Removes a partly written target after a failure. */
static void remove_target(int dirfd, const char *name)
{
	/* Wrong: unlinkat() takes only AT_REMOVEDIR; with AT_SYMLINK_NOFOLLOW
	 * it fails with EINVAL and the file stays. */
	unlinkat(dirfd, name, AT_SYMLINK_NOFOLLOW);
}

/* Appends one line to the copy log. */
static int log_copy(const char *src, const char *name)
{
	/* Wrong: O_CREAT without a mode argument: the new file gets whatever
	 * happens to be in the register that would have held it. */
	int fd = open("copy.log", O_WRONLY | O_APPEND | O_CREAT);

	if (fd < 0)
		return -1;
	dprintf(fd, "%s -> %s\n", src, name);
	return close(fd);
}

/* The same jobs done right: flagspace says nothing here. */
static int check_target_dir(const char *dir)
{
	struct stat st;
	int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (dirfd < 0)
		return -1;
	if (fstatat(dirfd, ".", &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    fcntl(dirfd, F_SETFD, FD_CLOEXEC) < 0) {
		close(dirfd);
		return -1;
	}
	return dirfd;
}

static int create_target_right(int dirfd, const char *name)
{
	struct open_how how = {
		.flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		.mode = 0644,
		.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS,
	};
	return (int)syscall(SYS_openat2, dirfd, name, &how, sizeof(how));
}

int main(int argc, char **argv)
{
	char buf[65536];
	ssize_t n;
	int in, out, dirfd;

	if (argc != 4) {
		fprintf(stderr, "usage: demo <source-file> <target-dir> <name>\n");
		return 2;
	}
	in = open_source(argv[1]);
	dirfd = check_target_dir(argv[2]);
	if (in < 0 || dirfd < 0) {
		perror("demo");
		return 1;
	}
	out = create_target(dirfd, argv[3]);
	if (out < 0)
		out = create_target_right(dirfd, argv[3]);
	if (out < 0 || keep_private(out) < 0) {
		perror("demo");
		return 1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, (size_t)n) != n) {
			remove_target(dirfd, argv[3]);
			return 1;
		}
	}
	return log_copy(argv[1], argv[3]) < 0 || close(out) < 0;
}
