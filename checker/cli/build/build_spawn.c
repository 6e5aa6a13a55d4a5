/* build_spawn.c: starting and reaping the build's processes (bear, then
 * bear citnames) through base/spawn (an argv, never a shell, a process
 * group of its own, stdin /dev/null), made the build the interrupt
 * handler stops first. */
#include <errno.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>

#include "base/spawn.h"
#include "build.h"
#include "interrupt.h"

int build_spawn(const char *const *argv, const char *log, fs_proc *p,
		char *why, size_t size)
{
	fs_spawn_out out = { log ? FS_SPAWN_FILE : FS_SPAWN_STDERR, log,
			     NULL, NULL };
	fs_spawn how = { argv, NULL, out, out, 0 };

	/* The build's orphans become the audit's children, not init's: an
	 * interrupt finds them (ninja runs each job in a group of its own,
	 * which outlives ninja killed). */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (fs_spawn_start(&how, p, why, size))
		return -1;
	/* Registered as a worker by the guard, and from here on stopped as
	 * the build: politely first, its orphans too. (A signal between the
	 * two is before the build can have started anything.) */
	interrupt_set_build(p->pid);
	return 0;
}

int build_wait(fs_proc *p, void (*tick)(void *ctx), void *ctx)
{
	struct timespec pause = { 0, 50 * 1000 * 1000 };
	fs_spawn_result r;
	int res;

	while (!(res = fs_proc_poll(p, &r))) {
		if (tick)
			tick(ctx);
		nanosleep(&pause, NULL);
	}
	interrupt_set_build(0);
	/* The build's orphans that ended since. */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	if (res < 0)
		return -1;
	return r.end == FS_SPAWN_SIGNALED ? 128 + r.code : r.code;
}
