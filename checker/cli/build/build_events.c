/* build_events.c: reads bear's events file, one JSON record a line: a
 * process "started" (its argv, directory, environment) and later
 * "terminated" (its exit status) or "signalled", under one "rid". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "cli.h"
#include "json_read.h"
#include "strset.h"

size_t build_events_count(const char *path, long *offset)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t len;

	if (!f)
		return 0;
	if (fseek(f, *offset, SEEK_SET)) {
		fclose(f);
		return 0;
	}
	/* A line still being written waits for the next call. */
	while ((len = getline(&line, &cap, f)) > 0 && line[len - 1] == '\n') {
		*offset += (long)len;
		n += strstr(line, "\"started\"") != NULL;
	}
	free(line);
	fclose(f);
	return n;
}

typedef struct event {
	json_value v;
	const char *rid;
	int started;		/* a "started" record */
	int ok;			/* a "terminated" record with status 0 */
} event;

/* Reads one record; returns 0, or -1 when the line is not one. */
static int read_event(const char *line, event *e)
{
	char err[128];
	unsigned l, c;
	const json_value *rid, *end, *status;

	memset(e, 0, sizeof(*e));
	if (json_parse(line, strlen(line), &e->v, err, sizeof(err), &l, &c) ||
	    e->v.kind != JSON_OBJECT || !(rid = json_get(&e->v, "rid")) ||
	    rid->kind != JSON_STRING)
		return -1;
	e->rid = rid->string;
	e->started = json_get(&e->v, "started") != NULL;
	end = json_get(&e->v, "terminated");
	status = end ? json_get(end, "status") : NULL;
	e->ok = status && status->kind == JSON_STRING &&
		!strcmp(status->string, "0");
	return 0;
}

/* Pass 1: the rids of the processes that exited with status 0. */
static int read_ok_rids(FILE *f, strset *ok)
{
	char *line = NULL;
	size_t cap = 0;
	int res = 0;

	while (!res && getline(&line, &cap, f) > 0) {
		event e;

		if (!read_event(line, &e) && e.ok && strset_put(ok, e.rid, 1))
			res = -1;
		json_free(&e.v);
	}
	free(line);
	return res;
}

/* Pass 2: each "started" line to `ok` or `failed`. */
static int write_started(FILE *f, const strset *ok_rids, FILE *ok,
			 FILE *failed, size_t *nfailed)
{
	char *line = NULL;
	size_t cap = 0;

	while (getline(&line, &cap, f) > 0) {
		event e;
		int good;

		if (!read_event(line, &e) && e.started) {
			good = strset_get(ok_rids, e.rid) != STRSET_NONE;
			*nfailed += !good;
			fputs(line, good ? ok : failed);
		}
		json_free(&e.v);
	}
	free(line);
	return 0;
}

int build_events_split(const char *events, const char *ok,
		       const char *failed, size_t *nfailed, char *why,
		       size_t size)
{
	FILE *in = fopen(events, "r");
	FILE *okf = fopen(ok, "w"), *badf = fopen(failed, "w");
	strset rids = { 0 };
	int res = -1;

	*nfailed = 0;
	if (!in || !okf || !badf)
		cli_set_why(why, size, "cannot open '%s': %s",
			    !in ? events : !okf ? ok : failed,
			    cli_strerror(errno));
	else if (read_ok_rids(in, &rids) || fseek(in, 0, SEEK_SET))
		cli_set_why(why, size, "out of memory");
	else
		res = write_started(in, &rids, okf, badf, nfailed);
	if (okf && fclose(okf) && !res)
		res = cli_set_why(why, size, "cannot write '%s': %s", ok,
				  cli_strerror(errno));
	if (badf && fclose(badf) && !res)
		res = cli_set_why(why, size, "cannot write '%s': %s", failed,
				  cli_strerror(errno));
	if (in)
		fclose(in);
	strset_free(&rids);
	return res;
}
