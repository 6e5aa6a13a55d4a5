/* spawn.h: the one way flagspace starts a process.
 *
 * What holds for every process started here (checker/docs/security.md
 * points to this list):
 *  - An argv, never a shell. argv[0] is run by posix_spawnp (searched on
 *    PATH only when it has no '/'; glibc's posix_spawnp never falls back
 *    to sh), so no word of a path, a compile command or a file name is
 *    read by a shell: a path may hold a quote, a blank or a '$'.
 *  - stdin is /dev/null. stdout and stderr each go to /dev/null, to a
 *    file (created 0600, or truncated), to a pipe that fs_spawn_run reads
 *    whole (both pipes at once, so that neither fills and stalls the
 *    child), to the caller's stderr, or stderr to wherever stdout goes
 *    (2>&1).
 *  - It runs in `dir` when one is given, which must be a directory: else
 *    nothing starts and the reason says that the directory does not exist.
 *  - It leads its own process group: a timeout kills the group (SIGKILL),
 *    and so does the interrupt handler, through the guard.
 *  - The guard (fs_spawn_set_guard) registers the group from the moment
 *    it exists until it is reaped: the command's interrupt handler kills
 *    what is registered, and leaves nothing behind.
 *  - The signals the caller ignores stay ignored (nohup); the ones it
 *    catches are the default in the child; its signal mask is the
 *    caller's as it was before the guard's hold.
 * Not handled: a grandchild that leaves the group (setsid) outlives the
 * kill; the environment is the caller's, unchanged.
 */
#ifndef FS_BASE_SPAWN_H
#define FS_BASE_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

enum { FS_SPAWN_WHY = 512 };

/* Where the child's stdout or stderr goes. */
typedef enum fs_spawn_to {
	FS_SPAWN_NULL,		/* /dev/null (the zero value) */
	FS_SPAWN_PIPE,		/* to the caller, by fs_spawn_run only */
	FS_SPAWN_FILE,		/* `path`, created 0600 or truncated */
	FS_SPAWN_STDOUT,	/* stderr only: where stdout goes */
	FS_SPAWN_STDERR,	/* the caller's own stderr (a build's output,
				   kept apart from the caller's stdout) */
} fs_spawn_to;

typedef struct fs_spawn_out {
	fs_spawn_to to;
	const char *path;	/* FS_SPAWN_FILE */
	/* FS_SPAWN_PIPE: each piece read is given to `sink` when set, and
	 * not kept; else it is kept in the result. */
	void (*sink)(void *ctx, const char *data, size_t len);
	void *ctx;
} fs_spawn_out;

/* What to start. */
typedef struct fs_spawn {
	const char *const *argv;	/* argv[0] is the program; ends NULL */
	const char *dir;		/* where it runs; NULL: here */
	fs_spawn_out out, err;
	double timeout_s;		/* 0: none */
} fs_spawn;

typedef enum fs_spawn_end {
	FS_SPAWN_EXITED,	/* code: its exit status */
	FS_SPAWN_SIGNALED,	/* code: the signal that ended it */
	FS_SPAWN_TIMED_OUT,	/* its group was killed at the timeout */
} fs_spawn_end;

typedef struct fs_spawn_result {
	fs_spawn_end end;
	int code;
	/* A pipe's output (without a sink): NUL-terminated, "" when it wrote
	 * nothing; else NULL. fs_spawn_result_free frees them. */
	char *out, *err;
	size_t out_len, err_len;
	char why[FS_SPAWN_WHY];	/* why it did not start, or was stopped */
} fs_spawn_result;

/* A process fs_spawn_start started. */
typedef struct fs_proc {
	pid_t pid;		/* also its process group; 0: none */
	double deadline;	/* CLOCK_MONOTONIC seconds; 0: none */
	int timed_out;		/* its group was killed at the deadline */
} fs_proc;

/* Runs `how` to its end, reading its pipes. Returns 0 when it ran (how it
 * ended is in r->end and r->code), or -1 with r->why ("cannot run 'P':
 * ...") when it did not start, or was killed because its output could
 * not be kept (out of memory). Free r with fs_spawn_result_free either
 * way. */
int fs_spawn_run(const fs_spawn *how, fs_spawn_result *r);
void fs_spawn_result_free(fs_spawn_result *r);
/* Whether r is of a process that exited with status 0. */
int fs_spawn_succeeded(const fs_spawn_result *r);

/* Starts `how` and returns at once: its outputs may go to /dev/null or to
 * files, not to pipes. Returns 0, or -1 with `why` set. */
int fs_spawn_start(const fs_spawn *how, fs_proc *p, char *why, size_t size);
/* Returns 1 when p has ended (r->end and r->code say how; p is reaped and
 * unregistered, and p->pid is 0), 0 while it runs (its group is killed
 * once past its deadline), -1 when it cannot be waited for. */
int fs_proc_poll(fs_proc *p, fs_spawn_result *r);
/* Kills p's group, reaps it and unregisters it; nothing when p->pid is
 * 0. */
void fs_proc_stop(fs_proc *p);

/* What the command does around each start, so that an interrupt finds
 * every process group (checker/cli/common/interrupt.c). The registry
 * stays with the command's signal handler, which also removes the
 * command's own temporary files: this library holds no signal policy and
 * depends on nothing of the command. Every member may be NULL. */
typedef struct fs_spawn_guard {
	void (*hold)(void);		/* blocks the handler's signals */
	void (*release)(void);		/* unblocks them */
	int (*add)(pid_t pgid);		/* 0, or -1 when it cannot register */
	void (*remove)(pid_t pgid);	/* reaped */
} fs_spawn_guard;

/* Copies *guard (NULL: none) for every later start. */
void fs_spawn_set_guard(const fs_spawn_guard *guard);

#endif
