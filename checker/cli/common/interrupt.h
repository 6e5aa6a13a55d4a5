/* interrupt.h: what an interrupted audit leaves behind: nothing. On
 * SIGINT, SIGTERM or SIGHUP the handler stops the build of `audit --
 * <build>` (interrupt_stop_build), kills the process group of every
 * process the command started (base/spawn.c registers each through the
 * guard interrupt_install sets), removes the temporary directory and the
 * temporary file of a --fix in progress, then dies of the signal (exit
 * status 128+N). A signal ignored when the command started (nohup) stays
 * so. */
#ifndef FS_INTERRUPT_H
#define FS_INTERRUPT_H

#include <sys/types.h>

/* Installs the handlers and base/spawn.c's guard. Returns 0, or -1 with
 * errno set. */
int interrupt_install(void);
/* Blocks or unblocks the three signals, around a change the handler
 * must see whole (a fork and its registration, a file and its name). */
void interrupt_block(void);
void interrupt_unblock(void);

/* The worker whose process group is `pgid` started or was reaped. At
 * most INTERRUPT_MAX_WORKERS at once; returns -1 when full. */
enum { INTERRUPT_MAX_WORKERS = 256 };
int interrupt_add_worker(pid_t pgid);
void interrupt_remove_worker(pid_t pgid);
/* The process group of the build `audit -- <build>` runs (its leader is
 * the command's child), or 0 when none runs. While one runs, an interrupt
 * stops it before anything else: see interrupt_stop_build. */
void interrupt_set_build(pid_t pgid);
/* Stops the build, if one runs: asks its group to stop (SIGTERM, on which
 * make and ninja stop their jobs and remove half-written files), gives it
 * 2 s, then kills what is left of the group and every orphan of the build
 * (ninja runs each job in a group of its own; the command is the build's
 * subreaper, so its orphans are the command's children, listed in
 * /proc/<pid>/task/<pid>/children), and reaps them. Async-signal-safe. */
void interrupt_stop_build(void);
/* The temporary directory to remove, or NULL when there is none. */
void interrupt_set_tmpdir(const char *dir);
/* The temporary file of a --fix in progress, or NULL. */
void interrupt_set_temp_file(const char *path);

/* Removes `dir` with everything in it (a few levels deep), using only
 * calls a signal handler may make. Returns 0, or -1. */
int interrupt_remove_tree(const char *dir);

#endif
