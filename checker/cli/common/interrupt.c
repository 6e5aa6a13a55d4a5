/* interrupt.c: leaves nothing behind when the command is interrupted:
 * stops the build, kills the workers' process groups, removes the
 * temporary directory and a --fix temporary file, then dies of the
 * signal. The handler uses only async-signal-safe calls: kill, waitpid,
 * nanosleep, open, read, unlink, openat, getdents64 (the raw directory
 * read, which does not allocate as readdir may). */
#define _GNU_SOURCE	/* getdents64 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/spawn.h"
#include "interrupt.h"
#include "base/count_of.h"

static const int handled[] = { SIGINT, SIGTERM, SIGHUP };
enum { NHANDLED = FS_COUNT_OF(handled) };

static volatile pid_t workers[INTERRUPT_MAX_WORKERS];
static volatile pid_t build_pgid;
/* /proc/<pid>/task/<pid>/children: the command's children, written
 * before a build starts (the handler cannot format it). */
static char children_path[64];
static char tmpdir[PATH_MAX];
static char temp_file[PATH_MAX];

/* Deeper than the temporary directory's job-N.db/compile_commands.json. */
enum { MAX_DEPTH = 4 };

static void signal_set(sigset_t *set)
{
	sigemptyset(set);
	for (int i = 0; i < NHANDLED; i++)
		sigaddset(set, handled[i]);
}

void interrupt_block(void)
{
	sigset_t set;

	signal_set(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
}

void interrupt_unblock(void)
{
	sigset_t set;

	signal_set(&set);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int interrupt_add_worker(pid_t pgid)
{
	for (size_t i = 0; i < INTERRUPT_MAX_WORKERS; i++)
		if (workers[i] <= 0) {
			workers[i] = pgid;
			return 0;
		}
	return -1;
}

void interrupt_remove_worker(pid_t pgid)
{
	for (size_t i = 0; i < INTERRUPT_MAX_WORKERS; i++)
		if (workers[i] == pgid)
			workers[i] = 0;
}

/* Copies with the signals blocked, so that the handler never reads half a
 * path. */
static void set_path(char *to, const char *path)
{
	interrupt_block();
	if (path && strlen(path) < PATH_MAX)
		strcpy(to, path);
	else
		to[0] = '\0';
	interrupt_unblock();
}

/* Writes v in decimal at `to`; returns the end. */
static char *put_decimal(char *to, unsigned long v)
{
	char digits[24];
	int n = 0;

	do
		digits[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	while (n)
		*to++ = digits[--n];
	return to;
}

void interrupt_set_build(pid_t pgid)
{
	if (pgid && !children_path[0]) {
		char *at = children_path;
		unsigned long self = (unsigned long)getpid();

		at = put_decimal(stpcpy(at, "/proc/"), self);
		at = put_decimal(stpcpy(at, "/task/"), self);
		strcpy(at, "/children");
	}
	build_pgid = pgid;
}

static void pause_ms(long ms)
{
	struct timespec t = { 0, ms * 1000 * 1000 };

	nanosleep(&t, NULL);
}

/* Reaps every child that has ended: the build's leader, its orphans. */
static void reap_ended(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

/* Whether nothing of the group is left (zombies reaped). */
static int group_gone(pid_t pgid)
{
	reap_ended();
	return kill(-pgid, 0) && errno == ESRCH;
}

/* Kills each child of the command, and the group it leads; returns how
 * many there were, or -1 when they cannot be listed. */
static int kill_children(void)
{
	char buf[4096];
	int fd = open(children_path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	int count = 0;
	unsigned long pid = 0;

	if (fd >= 0)
		close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	for (const char *c = buf; *c; c++) {
		if (*c >= '0' && *c <= '9') {
			pid = pid * 10 + (unsigned long)(*c - '0');
			continue;
		}
		if (pid) {
			kill(-(pid_t)pid, SIGKILL);
			kill((pid_t)pid, SIGKILL);
			count++;
		}
		pid = 0;
	}
	return count;
}

void interrupt_stop_build(void)
{
	pid_t pgid = build_pgid;

	if (pgid <= 0)
		return;
	build_pgid = 0;
	kill(-pgid, SIGTERM);
	for (int i = 0; i < 200 && !group_gone(pgid); i++)
		pause_ms(10);
	kill(-pgid, SIGKILL);
	/* Killed orphans become zombies, reaped on the next round. */
	for (int i = 0; i < 200 && kill_children() > 0; i++) {
		pause_ms(10);
		reap_ended();
	}
	reap_ended();
}

void interrupt_set_tmpdir(const char *dir)
{
	set_path(tmpdir, dir);
}

void interrupt_set_temp_file(const char *path)
{
	set_path(temp_file, path);
}

/* A directory entry as getdents64 returns it. */
struct dent64 {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

static int is_dot(const char *name)
{
	return name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2]));
}

static int remove_at(int parent, const char *name, int depth);

/* One pass over the open directory `fd`: removes what it can. Returns the
 * number of entries removed, or -1 on a read error. */
static int remove_entries(int fd, int depth)
{
	char buf[4096];
	ssize_t n;
	int removed = 0;

	while ((n = getdents64(fd, buf, sizeof(buf))) > 0)
		for (ssize_t at = 0; at < n;) {
			struct dent64 *d = (struct dent64 *)(buf + at);

			at += d->reclen;
			if (!is_dot(d->name) && !remove_at(fd, d->name, depth))
				removed++;
		}
	return n < 0 ? -1 : removed;
}

/* Removes `name` under the directory `parent`: a file, or a directory with
 * its contents. Returns 0, or -1. */
static int remove_at(int parent, const char *name, int depth)
{
	int fd, removed;

	if (!unlinkat(parent, name, 0))
		return 0;
	if ((errno != EISDIR && errno != EPERM) || depth >= MAX_DEPTH)
		return -1;
	fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* Removing while reading may skip entries: read again until a pass
	 * removes nothing. */
	do
		removed = lseek(fd, 0, SEEK_SET) ? -1 : remove_entries(fd, depth + 1);
	while (removed > 0);
	close(fd);
	return unlinkat(parent, name, AT_REMOVEDIR);
}

int interrupt_remove_tree(const char *dir)
{
	return remove_at(AT_FDCWD, dir, 0);
}

static void on_signal(int sig)
{
	int saved = errno;

	interrupt_stop_build();
	for (size_t i = 0; i < INTERRUPT_MAX_WORKERS; i++)
		if (workers[i] > 0)
			kill(-workers[i], SIGKILL);
	/* Reaped, so that no worker is left when the command is gone. */
	for (size_t i = 0; i < INTERRUPT_MAX_WORKERS; i++)
		if (workers[i] > 0)
			waitpid(workers[i], NULL, 0);
	if (temp_file[0])
		unlink(temp_file);
	if (tmpdir[0])
		interrupt_remove_tree(tmpdir);
	signal(sig, SIG_DFL);
	errno = saved;
	raise(sig);
}

/* Every process the command starts (base/spawn.c) is registered here
 * from the moment its group exists. */
static const fs_spawn_guard guard = {
	interrupt_block, interrupt_unblock, interrupt_add_worker,
	interrupt_remove_worker,
};

int interrupt_install(void)
{
	struct sigaction sa, old;

	fs_spawn_set_guard(&guard);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/* One cleanup at a time: the others wait for it. */
	signal_set(&sa.sa_mask);
	for (int i = 0; i < NHANDLED; i++) {
		if (sigaction(handled[i], NULL, &old))
			return -1;
		if (old.sa_handler != SIG_IGN &&
		    sigaction(handled[i], &sa, NULL))
			return -1;
	}
	return 0;
}
