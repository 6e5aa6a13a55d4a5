/* cache_preproc.c: the key of a unit whose files the prefilter's walk
 * could not all see (a computed #include, -nostdinc as the kernel builds
 * with, flags the walk does not follow): its preprocessed text, as
 * ctcache keys a clang-tidy run, but with every macro definition kept
 * (-E -dD): the checks classify a flag by the macro name written, so
 * `#define MODE AT_SYMLINK_NOFOLLOW` and `#define MODE O_NOCTTY`, which
 * preprocess to the same 0x100, must not share a key. Line markers keep
 * the files' names and lines, where findings are reported. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cache.h"
#include "interrupt.h"
#include "prefilter.h"

/* The child: the unit's command, preprocessing only, to the pipe. */
static void exec_preprocess(const audit_tu *tu, int out)
{
	const char **argv = calloc(tu->args.count + 8, sizeof(char *));
	size_t n = 0;
	int null = open("/dev/null", O_RDWR);

	if (!argv || chdir(tu->dir))
		_exit(127);
	argv[n++] = pf_compiler();
	for (size_t i = 1; i < tu->args.count; i++) {
		size_t skip = audit_output_words(tu->args.items,
						 tu->args.count, i);

		if (skip)
			i += skip - 1;
		else
			argv[n++] = tu->args.items[i];
	}
	argv[n++] = "-E";
	argv[n++] = "-dD";
	argv[n++] = "-Qunused-arguments";
	argv[n++] = "-o";
	argv[n++] = "-";
	argv[n] = NULL;
	dup2(null, 0);
	dup2(null, 2);
	dup2(out, 1);
	execv(argv[0], (char *const *)argv);
	_exit(127);
}

int cache_preprocessed_digest(const audit_tu *tu,
			      unsigned char out[SHA256_BYTES])
{
	char buf[65536];
	int fds[2], status;
	ssize_t got;
	sha256 s;
	pid_t pid;

	if (pipe(fds))
		return -1;
	interrupt_block();
	if ((pid = fork()) < 0) {
		interrupt_unblock();
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		interrupt_child();
		close(fds[0]);
		exec_preprocess(tu, fds[1]);
	}
	setpgid(pid, pid);
	interrupt_add_worker(pid);
	interrupt_unblock();
	close(fds[1]);
	sha256_init(&s);
	sha256_add_str(&s, "preprocessed 1");
	while ((got = read(fds[0], buf, sizeof(buf))) != 0) {
		if (got > 0)
			sha256_add(&s, buf, (size_t)got);
		else if (errno != EINTR)
			break;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	interrupt_remove_worker(pid);
	sha256_end(&s, out);
	return got == 0 && WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}
