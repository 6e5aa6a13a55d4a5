/* collect_batch.c: what one run of a batch found, into the audit
 * (collect_batch.h); the results replayed from the cache. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch_verdict.h"
#include "cache.h"
#include "collect.h"
#include "collect_batch.h"
#include "fileio.h"

static int add_failure(audit *a, const char *file, const char *fmt, ...)
{
	audit_note *note = AUDIT_PUSH(&a->failures);
	char text[384];
	va_list ap;

	if (!note)
		return -1;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	note->file = strdup(file);
	note->text = strdup(text);
	return note->file && note->text ? 0 : -1;
}

/* A unit's run that crashed or hung (a batch of several, the run stage
 * runs again unit by unit). */
static int note_ended(audit *a, const run_outcome *o)
{
	const char *file = a->tus.items[o->b.first].file;

	if (o->end == FS_SPAWN_TIMED_OUT)
		return add_failure(a, file, "timed out after %d s",
				   (int)a->opt.timeout_s);
	return add_failure(a, file, "clang-tidy crashed (signal %d)",
			   o->code);
}

/* Reads what a batch found: its --export-fixes YAML, the one record read
 * of a run (tidy_collect.c). One that cannot be read leaves the batch not
 * analysed: run again unit by unit, so that the failure names its unit.
 * Returns 0; 1 when it could not be read (*isolate set, or the unit
 * failed); -1 when out of memory. */
static int read_output(audit *a, const run_outcome *o, int *isolate)
{
	char why[256];
	int res = audit_collect_run_file(a, o->yaml, a->tus.items[o->b.first].dir,
					 &o->started, why, sizeof(why));

	if (res <= 0)
		return res;
	if (o->b.count > 1)
		return *isolate = 1;
	return add_failure(a, a->tus.items[o->b.first].file, "cannot read "
			   "clang-tidy's --export-fixes YAML: %s", why) ? -1 : 1;
}

/* A unit's own compile errors: those in a header name it, and its
 * fix-its wait for --fix-errors. */
static int own_errors(audit *a, const audit_mark *m, size_t unit)
{
	const char *file = a->tus.items[unit].file;

	for (size_t i = m->compile_errors; i < a->compile_errors.count; i++) {
		audit_note *e = &a->compile_errors.items[i];

		if (strcmp(e->file, file) && !(e->unit = strdup(file)))
			return -1;
	}
	for (size_t i = m->findings; i < a->findings.count; i++)
		a->findings.items[i].fix_with_errors = 1;
	return 0;
}

/* Failed without a compile error: the tool itself (a plugin of another
 * major, an unreadable file); its first error is the reason. */
static int note_failed(audit *a, const run_outcome *o, const char *out,
		       const char *err)
{
	char reason[512];	/* two paths and a message */

	audit_first_error(out, err, reason, sizeof(reason));
	for (size_t i = 0; i < o->b.count; i++)
		if (add_failure(a, a->tus.items[o->b.first + i].file, "%s",
				reason[0] ? reason : "clang-tidy failed"))
			return -1;
	return 0;
}

/* What an exited run says, once read without error; the batch's failed
 * and errors as read. */
static int judge(audit *a, const run_outcome *o, const audit_mark *m,
		 const char *out, const char *err, int *isolate)
{
	size_t skipped = 0;
	int failed, errors;

	if (audit_parse_skipped(a, err, o->b.first, o->b.count, &skipped))
		return -1;
	/* clang-tidy exits 1 on warnings made errors: the project's
	 * -Werror, with its code analysed whole. */
	failed = o->code != 0 && !audit_failed_on_werror(a, m, o->code);
	errors = a->compile_errors.count > m->compile_errors;
	if (((failed && !skipped) || errors) && o->b.count > 1) {
		audit_roll_back(a, m);
		*isolate = 1;
		return 0;
	}
	if (errors)
		return own_errors(a, m, o->b.first) ? -1 : 1;
	if (failed && !skipped)
		return note_failed(a, o, out, err) ? -1 : 1;
	/* Only a complete result is stored: never a compile error, a
	 * failure or a skipped unit as clean. */
	return failed || skipped;
}

int audit_collect_batch(audit *a, const run_outcome *o, const char *key,
			int *isolate)
{
	audit_mark m = audit_mark_of(a);
	char *out, *err;
	int res;

	*isolate = 0;
	if (o->retried)
		return 0;
	if (o->end != FS_SPAWN_EXITED)
		return note_ended(a, o);
	if ((res = read_output(a, o, isolate)))
		return res < 0 ? -1 : 0;
	out = cli_read_all(o->out, NULL);
	err = cli_read_all(o->err, NULL);
	res = judge(a, o, &m, out, err, isolate);
	if (!res && !*isolate && key && key[0])
		audit_cache_store(a, key, o->yaml);
	free(out);
	free(err);
	return res < 0 ? -1 : 0;
}

long audit_collect_replayed(audit *a, run_plan *p)
{
	long read = 0;

	for (size_t i = 0; i < p->hits.count; i++) {
		const plan_hit *h = &p->hits.items[i];
		const audit_tu *tu = &a->tus.items[h->unit];
		struct timespec now;
		char why[256];
		int res;

		clock_gettime(CLOCK_REALTIME, &now);
		res = audit_collect_run(a, h->result.yaml, h->result.yaml_len,
					tu->dir, &now, why, sizeof(why));
		if (res < 0)
			return -1;
		/* only a YAML that was read is stored: another libyaml may
		 * differ */
		if (res > 0) {
			fprintf(stderr, "flagspace: warning: ignoring the cache "
				"entry of '%s': its YAML cannot be read: %s; the "
				"unit is analysed again\n", tu->file, why);
			a->cache->misses++;
			if (run_plan_add_unit(p, h->unit))
				return -1;
			continue;
		}
		a->cache->hits++;
		read++;
	}
	return read;
}
