/* report.c: how the command prints its own errors and the rules
 * diagnostics. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error_text.h"
#include "cli.h"

int cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("flagspace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CLI_FAIL;
}

int cli_set_why(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

const char *cli_strerror(int errnum)
{
	return fs_strerror(errnum);
}

void cli_report(void *ctx, fs_severity severity, const char *where,
		const char *message)
{
	cli_tally *tally = ctx;

	if (severity == FS_ERROR)
		tally->errors++;
	else
		tally->warnings++;
	fprintf(stderr, "%s: %s: %s\n", where,
		severity == FS_ERROR ? "error" : "warning", message);
}

/* Set once "cannot write the report" was said, so that it is said once. */
static int stdout_failed;

int cli_check_stdout(void)
{
	if (stdout_failed)
		return CLI_FAIL;
	errno = 0;
	if (!fflush(stdout) && !ferror(stdout))
		return CLI_OK;
	stdout_failed = 1;
	return cli_error("cannot write the report: %s",
			 cli_strerror(errno ? errno : EIO));
}

int cli_close_stdout(void)
{
	int res = cli_check_stdout();

	errno = 0;
	if (fclose(stdout) && !res) {
		stdout_failed = 1;
		res = cli_error("cannot write the report: %s",
				cli_strerror(errno ? errno : EIO));
	}
	return res;
}

/* What a path that is not a regular file is, for the message. */
static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "of an unknown kind";
}

int cli_is_readable(const char *what, const char *path)
{
	/* Without O_NONBLOCK, opening a FIFO waits for a writer for ever. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	int err = fd < 0 || fstat(fd, &st) ? errno : 0;

	if (fd >= 0)
		close(fd);
	if (err) {
		cli_error("cannot read %s '%s': %s", what, path,
			  cli_strerror(err));
		return 0;
	}
	/* Read later, a FIFO would block the run and a folder fails. */
	if (!S_ISREG(st.st_mode)) {
		cli_error("cannot read %s '%s': not a regular file (%s)", what,
			  path, file_kind(st.st_mode));
		return 0;
	}
	return 1;
}
