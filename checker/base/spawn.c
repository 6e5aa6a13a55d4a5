/* spawn.c: starts a process from an argv with posix_spawnp, in its own
 * process group, and waits for it or reads it to its end (spawn.h). */
#define _GNU_SOURCE	/* pipe2; posix_spawn_file_actions_addchdir_np
			   (glibc 2.29, musl 1.1.24) */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/error_text.h"
#include "base/spawn.h"

extern char **environ;

static fs_spawn_guard guard;

void fs_spawn_set_guard(const fs_spawn_guard *g)
{
	if (g)
		guard = *g;
	else
		memset(&guard, 0, sizeof(guard));
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int set_why(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

/* The directory must be one the child can enter: posix_spawn's own
 * error would not say whether the directory or the program is missing. */
static int check_dir(const char *prog, const char *dir, char *why,
		     size_t size)
{
	struct stat st;

	if (!dir)
		return 0;
	if (stat(dir, &st))
		return errno == ENOENT
		       ? set_why(why, size, "cannot run '%s': directory '%s' "
				 "does not exist", prog, dir)
		       : set_why(why, size, "cannot run '%s' in '%s': %s",
				 prog, dir, fs_strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return set_why(why, size, "cannot run '%s': '%s' is not a "
			       "directory", prog, dir);
	if (access(dir, X_OK))
		return set_why(why, size, "cannot run '%s' in '%s': %s", prog,
			       dir, fs_strerror(errno));
	return 0;
}

/* A path that cannot run is named before the start, where glibc's own
 * report of exec's error is not there (valgrind, an emulator). A bare
 * name is searched on PATH by posix_spawnp, and a relative path with a
 * directory is found from there: both are left to it. */
static int check_program(const char *prog, const char *dir, char *why,
			 size_t size)
{
	if (!strchr(prog, '/') || (dir && prog[0] != '/') ||
	    !access(prog, X_OK))
		return 0;
	return set_why(why, size, "cannot run '%s': %s", prog,
		       fs_strerror(errno));
}

/* The files outputs go to, opened here so that an error names them. */
static int open_files(const fs_spawn *how, int fd[2], char *why,
		      size_t size)
{
	const fs_spawn_out *o[2] = { &how->out, &how->err };

	for (int i = 0; i < 2; i++) {
		if (o[i]->to != FS_SPAWN_FILE)
			continue;
		fd[i] = open(o[i]->path, O_WRONLY | O_CREAT | O_TRUNC |
			     O_CLOEXEC, 0600);
		if (fd[i] < 0)
			return set_why(why, size, "cannot run '%s': cannot "
				       "write '%s': %s", how->argv[0],
				       o[i]->path, fs_strerror(errno));
	}
	return 0;
}

/* The child's stdout or stderr (target): fd, or /dev/null when -1. */
static int add_output(posix_spawn_file_actions_t *fa, int target,
		      const fs_spawn_out *o, int fd)
{
	if (o->to == FS_SPAWN_STDOUT)
		return posix_spawn_file_actions_adddup2(fa, 1, target);
	if (o->to == FS_SPAWN_STDERR)	/* stderr is the caller's already */
		return target == 2 ? 0
				   : posix_spawn_file_actions_adddup2(fa, 2,
								      target);
	if (fd >= 0)
		return posix_spawn_file_actions_adddup2(fa, fd, target);
	return posix_spawn_file_actions_addopen(fa, target, "/dev/null",
						O_WRONLY, 0);
}

static int set_actions(posix_spawn_file_actions_t *fa, const fs_spawn *how,
		       const int fd[2])
{
	int e = posix_spawn_file_actions_addopen(fa, 0, "/dev/null",
						 O_RDONLY, 0);

	if (!e && how->dir)
		e = posix_spawn_file_actions_addchdir_np(fa, how->dir);
	if (!e)
		e = add_output(fa, 1, &how->out, fd[0]);
	if (!e)
		e = add_output(fa, 2, &how->err, fd[1]);
	return e;
}

/* Its own group, and the signal mask the caller had before the hold. */
static int set_attributes(posix_spawnattr_t *at)
{
	sigset_t mask;
	int e = posix_spawnattr_setflags(at, POSIX_SPAWN_SETPGROUP |
					 POSIX_SPAWN_SETSIGMASK);

	if (!e)
		e = posix_spawnattr_setpgroup(at, 0);
	if (!e)
		e = sigprocmask(SIG_SETMASK, NULL, &mask) ? errno : 0;
	if (!e)
		e = posix_spawnattr_setsigmask(at, &mask);
	return e;
}

static int spawn_failed(const char *prog, int e, char *why, size_t size)
{
	if (e == ENOENT && !strchr(prog, '/'))
		return set_why(why, size, "cannot run '%s': not found on PATH",
			       prog);
	return set_why(why, size, "cannot run '%s': %s", prog,
		       fs_strerror(e));
}

/* posix_spawnp with the guard held, so that the group is registered from
 * the moment it exists. */
static int spawn_guarded(const fs_spawn *how, posix_spawn_file_actions_t *fa,
			 posix_spawnattr_t *at, pid_t *pid)
{
	int e;

	if (guard.hold)
		guard.hold();
	e = posix_spawnp(pid, how->argv[0], fa, at,
			 (char *const *)how->argv, environ);
	if (!e && guard.add && guard.add(*pid)) {
		kill(-*pid, SIGKILL);
		while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
			;
		e = EAGAIN;
	}
	if (guard.release)
		guard.release();
	return e;
}

/* Starts how with its outputs on fd (pipes' write ends, or -1); closes
 * them, and the files it opens, in this process. */
static int start(const fs_spawn *how, int fd[2], fs_proc *p, char *why,
		 size_t size)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int e, res = -1;

	memset(p, 0, sizeof(*p));
	if (!how->argv || !how->argv[0] || how->out.to == FS_SPAWN_STDOUT)
		res = set_why(why, size, "cannot run a process: no program");
	else if (!check_dir(how->argv[0], how->dir, why, size) &&
		 !check_program(how->argv[0], how->dir, why, size) &&
		 !open_files(how, fd, why, size)) {
		posix_spawn_file_actions_init(&fa);
		posix_spawnattr_init(&at);
		e = set_actions(&fa, how, fd);
		if (!e)
			e = set_attributes(&at);
		if (!e)
			e = spawn_guarded(how, &fa, &at, &p->pid);
		res = e ? spawn_failed(how->argv[0], e, why, size) : 0;
		posix_spawn_file_actions_destroy(&fa);
		posix_spawnattr_destroy(&at);
	}
	for (int i = 0; i < 2; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	if (!res && how->timeout_s > 0)
		p->deadline = now() + how->timeout_s;
	return res;
}

int fs_spawn_start(const fs_spawn *how, fs_proc *p, char *why, size_t size)
{
	int fd[2] = { -1, -1 };

	if (how->out.to == FS_SPAWN_PIPE || how->err.to == FS_SPAWN_PIPE) {
		memset(p, 0, sizeof(*p));
		return set_why(why, size, "cannot run '%s': a pipe is read by "
			       "fs_spawn_run only", how->argv && how->argv[0]
			       ? how->argv[0] : "");
	}
	return start(how, fd, p, why, size);
}

static void reaped(fs_proc *p, int status, fs_spawn_result *r)
{
	if (guard.remove)
		guard.remove(p->pid);
	if (p->timed_out) {
		r->end = FS_SPAWN_TIMED_OUT;
		r->code = SIGKILL;
	} else if (WIFSIGNALED(status)) {
		r->end = FS_SPAWN_SIGNALED;
		r->code = WTERMSIG(status);
	} else {
		r->end = FS_SPAWN_EXITED;
		r->code = WEXITSTATUS(status);
	}
	p->pid = 0;
}

static void kill_group(fs_proc *p)
{
	kill(-p->pid, SIGKILL);
	p->timed_out = 1;
}

int fs_proc_poll(fs_proc *p, fs_spawn_result *r)
{
	int status;
	pid_t got;

	if (p->pid <= 0)
		return -1;
	while ((got = waitpid(p->pid, &status, WNOHANG)) < 0 && errno == EINTR)
		;
	if (got < 0)
		return -1;
	if (got == 0) {
		if (p->deadline > 0 && !p->timed_out && now() > p->deadline)
			kill_group(p);
		return 0;
	}
	reaped(p, status, r);
	return 1;
}

void fs_proc_stop(fs_proc *p)
{
	if (p->pid <= 0)
		return;
	kill(-p->pid, SIGKILL);
	while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (guard.remove)
		guard.remove(p->pid);
	p->pid = 0;
}

/* ---- fs_spawn_run: reading the pipes ---- */

typedef struct reader {
	const fs_spawn_out *o;
	int fd;			/* the read end, or -1 */
	FILE *kept;		/* what was read, without a sink */
	char *data;
	size_t len;
} reader;

/* Keeps what was read in a memory stream: its data and length are set
 * when it is closed (hand_over). */
static int keep(reader *rd, const char *buf, size_t n)
{
	if (rd->o->sink) {
		rd->o->sink(rd->o->ctx, buf, n);
		return 0;
	}
	if (!rd->kept && !(rd->kept = open_memstream(&rd->data, &rd->len)))
		return -1;
	return fwrite(buf, 1, n, rd->kept) == n ? 0 : -1;
}

/* Reads what is there: 0, or -1 when it cannot be kept. At the end of
 * the output the read end is closed. */
static int read_some(reader *rd)
{
	char buf[65536];
	ssize_t got = read(rd->fd, buf, sizeof(buf));

	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (got <= 0) {
		close(rd->fd);
		rd->fd = -1;
		return 0;
	}
	return keep(rd, buf, (size_t)got);
}

/* Milliseconds to the deadline for poll(), -1 without one. */
static int wait_ms(const fs_proc *p)
{
	double left;

	if (p->deadline <= 0)
		return -1;
	left = (p->deadline - now()) * 1000.0 + 1.0;
	return left <= 0 ? 0 : left > 60000 ? 60000 : (int)left;
}

/* Reads both pipes until they end, or until the deadline (the group is
 * then killed). Returns 0, or -1 when output could not be kept. */
static int drain(fs_proc *p, reader rd[2])
{
	while (rd[0].fd >= 0 || rd[1].fd >= 0) {
		struct pollfd pf[2];
		reader *of[2];
		nfds_t n = 0;

		for (int i = 0; i < 2; i++)
			if (rd[i].fd >= 0) {
				pf[n] = (struct pollfd){ rd[i].fd, POLLIN, 0 };
				of[n++] = &rd[i];
			}
		if (poll(pf, n, wait_ms(p)) < 0 && errno != EINTR)
			return -1;
		if (p->deadline > 0 && now() > p->deadline) {
			kill_group(p);
			return 0;
		}
		for (nfds_t i = 0; i < n; i++)
			if (pf[i].revents && read_some(of[i]))
				return -1;
	}
	return 0;
}

/* Waits for p to end, killing its group at the deadline. */
static int wait_end(fs_proc *p, fs_spawn_result *r)
{
	struct timespec tick = { 0, 2 * 1000 * 1000 };
	int status, res;

	if (p->deadline <= 0 || p->timed_out) {
		while (waitpid(p->pid, &status, 0) < 0)
			if (errno != EINTR)
				return -1;
		reaped(p, status, r);
		return 0;
	}
	while (!(res = fs_proc_poll(p, r)))
		nanosleep(&tick, NULL);
	return res < 0 ? -1 : 0;
}

/* The pipes' read ends into rd, their write ends into fd. */
static int open_pipes(const fs_spawn *how, reader rd[2], int fd[2])
{
	const fs_spawn_out *o[2] = { &how->out, &how->err };

	for (int i = 0; i < 2; i++) {
		rd[i] = (reader){ o[i], -1, NULL, NULL, 0 };
		fd[i] = -1;
	}
	for (int i = 0; i < 2; i++) {
		int ends[2];

		if (o[i]->to != FS_SPAWN_PIPE)
			continue;
		if (pipe2(ends, O_CLOEXEC))
			return -1;
		rd[i].fd = ends[0];
		fd[i] = ends[1];
	}
	return 0;
}

/* The output kept, "" when a pipe without a sink had none. */
static int hand_over(reader *rd, char **data, size_t *len)
{
	int res = 0;

	if (rd->kept)
		res = fclose(rd->kept) ? -1 : 0;
	else if (rd->o->to == FS_SPAWN_PIPE && !rd->o->sink &&
		 !(rd->data = calloc(1, 1)))
		res = -1;
	*data = rd->data;
	*len = rd->data ? rd->len : 0;
	return res;
}

int fs_spawn_run(const fs_spawn *how, fs_spawn_result *r)
{
	const char *prog = how->argv && how->argv[0] ? how->argv[0] : "";
	reader rd[2];
	int fd[2], res = 0;
	fs_proc p;

	memset(r, 0, sizeof(*r));
	if (open_pipes(how, rd, fd)) {
		res = set_why(r->why, sizeof(r->why), "cannot run '%s': %s",
			      prog, fs_strerror(errno));
		for (int i = 0; i < 2; i++)
			if (fd[i] >= 0)
				close(fd[i]);
	} else if (start(how, fd, &p, r->why, sizeof(r->why)))
		res = -1;
	else if (drain(&p, rd)) {
		fs_proc_stop(&p);
		res = set_why(r->why, sizeof(r->why), "cannot read the output "
			      "of '%s': out of memory", prog);
	} else if (wait_end(&p, r))
		res = set_why(r->why, sizeof(r->why), "cannot wait for '%s': "
			      "%s", prog, fs_strerror(errno));
	for (int i = 0; i < 2; i++)
		if (rd[i].fd >= 0)
			close(rd[i].fd);
	if (hand_over(&rd[0], &r->out, &r->out_len) ||
	    hand_over(&rd[1], &r->err, &r->err_len))
		res = set_why(r->why, sizeof(r->why), "cannot read the output "
			      "of '%s': out of memory", prog);
	return res;
}

void fs_spawn_result_free(fs_spawn_result *r)
{
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
	r->out_len = r->err_len = 0;
}

int fs_spawn_succeeded(const fs_spawn_result *r)
{
	return r->end == FS_SPAWN_EXITED && r->code == 0;
}
