/* progress.c: draws "[#####.....] 12/40 units, 3 findings, ETA 0:42" on
 * stderr while an audit runs, so that a long one shows it is alive and how
 * long it has left; before it, "building: 120 commands run, 0:42" while
 * the build of `audit -- <build>` runs. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

enum { BAR = 24 };
/* Off a terminal, a running build's line every this many seconds. */
enum { BUILD_LINE_S = 10 };

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int progress_init(progress *p, const char *spec, size_t total)
{
	memset(p, 0, sizeof(*p));
	p->tty = isatty(2);
	if (!spec || !strcmp(spec, "auto"))
		p->on = p->tty;
	else if (!strcmp(spec, "always"))
		p->on = 1;
	else if (strcmp(spec, "never"))
		return -1;
	p->total = total;
	p->start = seconds();
	p->drawn = -1;
	return 0;
}

/* `what` then the time s: "m:ss" (or h:mm:ss). */
static void put_time(char *out, size_t size, const char *what,
		     unsigned long s)
{
	if (s >= 3600)
		snprintf(out, size, "%s%lu:%02lu:%02lu", what, s / 3600,
			 s / 60 % 60, s % 60);
	else
		snprintf(out, size, "%s%lu:%02lu", what, s / 60, s % 60);
}

/* "ETA m:ss" (or h:mm:ss) from the pace so far; "ETA -:--" before any. */
static void eta(char *out, size_t size, const progress *p, size_t done,
		double now)
{
	double left;

	if (!done || done > p->total) {
		snprintf(out, size, "ETA -:--");
		return;
	}
	left = (now - p->start) * (double)(p->total - done) / (double)done;
	put_time(out, size, "ETA ", (unsigned long)(left + 0.5));
}

/* Draws `line` (n characters): over the last one on a terminal, else as a
 * line of its own. */
static void show(progress *p, const char *line, int n, double now)
{
	p->drawn = now;
	if (p->tty)
		/* Blanks over what a longer line left behind. */
		fprintf(stderr, "\r%s%*s", line,
			p->width > n ? p->width - n : 0, "");
	else
		fprintf(stderr, "%s\n", line);
	p->width = n;
	fflush(stderr);
}

void progress_update(progress *p, size_t done, size_t findings)
{
	double now = seconds();
	char bar[BAR + 1], when[32], line[160];
	size_t fill = p->total ? done * BAR / p->total : BAR;
	int n;

	if (!p->on || (p->tty && done < p->total && now - p->drawn < 0.1))
		return;
	memset(bar, '#', fill);
	memset(bar + fill, '.', BAR - fill);
	bar[BAR] = '\0';
	eta(when, sizeof(when), p, done, now);
	n = snprintf(line, sizeof(line), "[%s] %zu/%zu units, %zu finding%s, "
		     "%s", bar, done, p->total, findings,
		     findings == 1 ? "" : "s", when);
	show(p, line, n, now);
}

void progress_build(progress *p, size_t started, int done)
{
	double now = seconds();
	double every = p->tty ? 0.1 : BUILD_LINE_S;
	char when[32], line[160];
	int n;

	if (!p->on || (!done && p->drawn >= 0 && now - p->drawn < every))
		return;
	put_time(when, sizeof(when), "", (unsigned long)(now - p->start));
	n = snprintf(line, sizeof(line), "building: %zu command%s run, %s%s",
		     started, started == 1 ? "" : "s", when,
		     done ? ", done" : "");
	show(p, line, n, now);
}

void progress_end(progress *p)
{
	if (p->on && p->tty && p->width)
		fprintf(stderr, "\r%*s\r", p->width, "");
	p->width = 0;
}
