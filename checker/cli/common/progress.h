/* progress.h: the audit's progress bar on stderr. */
#ifndef FS_PROGRESS_H
#define FS_PROGRESS_H

#include <stddef.h>

typedef struct progress {
	int on;			/* draw at all */
	int tty;		/* redraw one line; else a line per update */
	size_t total;		/* units */
	double start, drawn;	/* monotonic seconds */
	int width;		/* of the last line drawn on a terminal */
} progress;

/* --progress=<spec>: "always", "never", or "auto" (and NULL): when stderr
 * is a terminal. Returns 0, or -1 for another spec. */
int progress_init(progress *p, const char *spec, size_t total);
/* Shows `done` of the units finished and the findings so far: on a
 * terminal at most ten times a second (and always the last), else once
 * per call, as a line of its own. */
void progress_update(progress *p, size_t done, size_t findings);
/* Shows a build running: the processes it started so far and the time
 * since progress_init ("building: 120 commands run, 0:42"), at most ten
 * times a second on a terminal, else a line every 10 s; with `done`, now,
 * ending ", done". */
void progress_build(progress *p, size_t started, int done);
/* Clears the bar from the terminal before the report. */
void progress_end(progress *p);

#endif
