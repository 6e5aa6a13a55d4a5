/* codequality.c: the audit's report as GitLab's Code Quality report (a
 * JSON array of issues, the subset of Code Climate's format GitLab reads),
 * shown in merge requests: the findings, and the units not analysed or
 * analysed with compile errors, so that an incomplete run never looks
 * clean there either. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "consequences.h"
#include "fileio.h"
#include "finding_key.h"
#include "json.h"
#include "report_formats.h"
#include "strset.h"

/* GitLab shows one issue per fingerprint: the n-th issue of one key (the
 * same finding on two identical lines of a file) gets n in its own. Two
 * 64-bit FNV-1a hashes, 32 hex digits, like the MD5 of GitLab's examples. */
static void put_fingerprint(strset *seen, const char *key)
{
	size_t n = strset_get(seen, key), len = strlen(key) + 32;
	char *salted = malloc(len);

	n = n == STRSET_NONE ? 0 : n + 1;
	if (!salted || strset_put(seen, key, n)) {
		free(salted);
		printf("\"fingerprint\": \"0\"");
		return;
	}
	len = (size_t)snprintf(salted, len, "fs\t%s\t%zu", key, n);
	printf("\"fingerprint\": \"%016llx%016llx\"",
	       (unsigned long long)cli_hash(salted + 3, len - 3),
	       (unsigned long long)cli_hash(salted, len));
	free(salted);
}

/* One issue; `key` decides its fingerprint. */
static void put_issue(int first, const char *check, const char *description,
		      const char *severity, const char *path, unsigned line,
		      strset *seen, const char *key)
{
	printf("%s\n  {\"check_name\": ", first ? "" : ",");
	json_put_string(stdout, check);
	printf(", \"description\": ");
	json_put_string(stdout, description);
	printf(", \"severity\": \"%s\", ", severity);
	put_fingerprint(seen, key);
	printf(", \"location\": {\"path\": ");
	json_put_string(stdout, path);
	printf(", \"lines\": {\"begin\": %u}}}", line ? line : 1);
}

/* A note on a unit as an issue: a compile error's description names its
 * "line:col: ", and the key leaves them out, as a finding's does. */
static size_t put_notes(size_t n, const audit_notes *notes,
			const char *check, const char *what,
			const char *cwd, strset *seen)
{
	for (size_t i = 0; i < notes->count; i++) {
		const audit_note *note = &notes->items[i];
		const char *path = audit_relative(note->file, cwd);
		size_t len = strlen(note->text) + strlen(path) + 64;
		char *text = malloc(len), *key = malloc(len);
		if (text && key) {
			if (note->line)
				snprintf(text, len, "%s: %u:%u: %s", what,
					 note->line, note->col, note->text);
			else
				snprintf(text, len, "%s: %s", what, note->text);
			snprintf(key, len, "%s\t%s\t%s", check, path,
				 note->text);
			put_issue(!n++, check, text, "minor", path, note->line,
				  seen, key);
		}
		free(text);
		free(key);
	}
	return n;
}

void audit_report_codequality(const audit *a)
{
	char cwd[PATH_MAX];
	strset seen = { 0 };
	size_t n = 0;

	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	putchar('[');
	for (size_t i = 0; i < a->findings.count; i++) {
		const audit_finding *f = &a->findings.items[i];
		char *key = audit_finding_key(f, cwd);

		if (!key)
			continue;
		/* GitLab's severities are info, minor, major, critical and
		 * blocker: the consequence's (consequences.def). */
		put_issue(!n++, f->check, f->message,
			  audit_codequality_severity(f),
			  audit_relative(f->file, cwd), f->line, &seen, key);
		free(key);
	}
	n = put_notes(n, &a->failures, "flagspace-not-analysed",
		      "not analysed, findings may be missing", cwd, &seen);
	n = put_notes(n, &a->compile_errors, "flagspace-compile-error",
		      "compile error, findings may be missing", cwd, &seen);
	printf("%s]\n", n ? "\n" : "");
	strset_free(&seen);
}
