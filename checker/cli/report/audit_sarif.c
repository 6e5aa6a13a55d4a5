/* audit_sarif.c: the audit's report as SARIF 2.1.0, the form GitHub code
 * scanning reads: one rule per check, one result per finding, and the
 * units that could not be analysed as tool notifications. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "consequences.h"
#include "database.h"
#include "finding_key.h"
#include "fix.h"
#include "flagspace.h"
#include "json.h"

/* The checks (checks.def) in name order, SARIF's rules. */
static fs_check sarif_rules[FS_CHECK_COUNT];

static void sort_rules(void)
{
	static int sorted;

	if (sorted++)
		return;
	for (size_t i = 0; i < FS_CHECK_COUNT; i++) {
		size_t k = i;

		while (k > 0 && strcmp(fs_check_name(sarif_rules[k - 1]),
				       fs_check_name((fs_check)i)) > 0) {
			sarif_rules[k] = sarif_rules[k - 1];
			k--;
		}
		sarif_rules[k] = (fs_check)i;
	}
}

static size_t rule_index(const char *check)
{
	sort_rules();
	for (size_t i = 0; i < FS_CHECK_COUNT; i++)
		if (!strcmp(fs_check_name(sarif_rules[i]), check))
			return i;
	return FS_CHECK_COUNT;
}

static int is_under_cwd(const char *path, const char *cwd)
{
	size_t n = strlen(cwd);

	return n > 1 && !strncmp(path, cwd, n) && path[n] == '/';
}

/* Writes `path` as a JSON string holding a URI: percent-encoded, relative
 * to the working directory (base SRCROOT) when under it, else file://. */
static void put_uri(const char *path, const char *cwd, const char *suffix)
{
	char buf[PATH_MAX * 3 + 16], *o = buf;
	char *end = buf + sizeof(buf) - 4;

	if (is_under_cwd(path, cwd))
		path += strlen(cwd) + 1;
	else
		o += sprintf(o, "file://");
	for (; *path && o < end; path++) {
		unsigned char c = (unsigned char)*path;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("/-._~", c))
			*o++ = (char)c;
		else
			o += sprintf(o, "%%%02X", c);
	}
	snprintf(o, (size_t)(buf + sizeof(buf) - o), "%s", suffix);
	json_put_string(stdout, buf);
}

static void put_artifact(const char *file, const char *cwd)
{
	printf("{\"uri\": ");
	put_uri(file, cwd, "");
	printf("%s}", is_under_cwd(file, cwd)
			      ? ", \"uriBaseId\": \"SRCROOT\"" : "");
}

static void put_physical(const char *file, unsigned line, unsigned col,
			 const char *cwd)
{
	printf("{\"artifactLocation\": ");
	put_artifact(file, cwd);
	if (line)
		printf(", \"region\": {\"startLine\": %u, \"startColumn\": %u}",
		       line, col ? col : 1);
	putchar('}');
}

static void put_location(const char *file, unsigned line, unsigned col,
			 const char *cwd)
{
	printf("{\"physicalLocation\": ");
	put_physical(file, line, col, cwd);
	putchar('}');
}

static void put_rules(void)
{
	sort_rules();
	for (size_t i = 0; i < FS_CHECK_COUNT; i++) {
		const char *id = fs_check_name(sarif_rules[i]);

		printf("%s\n        {\"id\": \"%s\", \"shortDescription\": "
		       "{\"text\": ", i ? "," : "", id);
		json_put_string(stdout, fs_check_summary(sarif_rules[i]));
		printf("}, \"fullDescription\": {\"text\": ");
		json_put_string(stdout, fs_check_description(sarif_rules[i]));
		printf("}, \"help\": {\"text\": ");
		json_put_string(stdout, fs_check_summary(sarif_rules[i]));
		/* The doc page, relative to the repository: no web
		 * address is known for it. */
		printf(", \"markdown\": \"see checker/docs/%s.md\"}}", id);
	}
}

/* The finding's fix-it: one artifactChange per file (a fix-it's edits
 * come file by file), each edit a replacement of a byte range. */
static void put_fix(const audit_finding *f, const char *cwd)
{
	const fix_edits *fix = &f->fix;

	if (!fix->count)
		return;
	printf(", \"fixes\": [{\"artifactChanges\": [");
	for (size_t i = 0; i < fix->count; i++) {
		const fix_edit *e = &fix->items[i];

		if (!i || strcmp(e->file, e[-1].file)) {
			printf("%s{\"artifactLocation\": ", i ? "]}, " : "");
			put_artifact(e->file, cwd);
			printf(", \"replacements\": [");
		} else {
			printf(", ");
		}
		printf("{\"deletedRegion\": {\"byteOffset\": %zu, "
		       "\"byteLength\": %zu}, \"insertedContent\": {\"text\": ",
		       e->offset, e->length);
		json_put_string(stdout, e->text);
		printf("}}");
	}
	printf("]}]}]");
}

/* The finding's notes ("flag passed here") as relatedLocations. */
static void put_related(const audit_finding *f, const char *cwd)
{
	if (!f->notes.count)
		return;
	printf(", \"relatedLocations\": [");
	for (size_t i = 0; i < f->notes.count; i++) {
		const audit_diag_note *n = &f->notes.items[i];

		printf("%s{\"id\": %zu, \"message\": {\"text\": ",
		       i ? ", " : "", i + 1);
		json_put_string(stdout, n->message);
		printf("}, \"physicalLocation\": ");
		put_physical(n->file, n->line, n->col, cwd);
		putchar('}');
	}
	putchar(']');
}

static void put_results(const audit *a, const char *cwd)
{
	for (size_t i = 0; i < a->findings.count; i++) {
		const audit_finding *f = &a->findings.items[i];
		size_t r = rule_index(f->check);

		printf("%s\n      {\"ruleId\": ", i ? "," : "");
		json_put_string(stdout, f->check);
		if (r < FS_CHECK_COUNT)
			printf(", \"ruleIndex\": %zu", r);
		printf(", \"level\": \"%s\", \"message\": {\"text\": ",
		       audit_sarif_level(f));
		json_put_string(stdout, f->message);
		printf("}, \"locations\": [");
		put_location(f->file, f->line, f->col, cwd);
		putchar(']');
		put_related(f, cwd);
		put_fix(f, cwd);
		printf(", \"properties\": {\"consequence\": \"%s\"}}",
		       audit_consequence_name(f));
	}
}

/* One tool notification: its message is `parts` joined. */
static void put_notification(const char *level, const char *const *parts,
			     const char *file, unsigned line, unsigned col,
			     const char *cwd, int *first)
{
	size_t len = 1;
	char *text;

	for (size_t i = 0; parts[i]; i++)
		len += strlen(parts[i]);
	if (!(text = malloc(len)))
		return;
	text[0] = '\0';
	for (size_t i = 0; parts[i]; i++)
		strcat(text, parts[i]);
	printf("%s\n        {\"level\": \"%s\", \"message\": {\"text\": ",
	       *first ? "" : ",", level);
	*first = 0;
	json_put_string(stdout, text);
	printf("}, \"locations\": [");
	put_location(file, line, col, cwd);
	printf("]}");
	free(text);
}

/* A compile error: its "LINE:COL: message" placed, and the unit it broke
 * when it is in a header. */
static void put_compile_error(const audit_note *n, const char *cwd,
			      int *first)
{
	const char *parts[] = { "compile error",
				n->unit ? " in unit " : "",
				n->unit ? audit_relative(n->unit, cwd) : "",
				" (findings may be missing): ", n->text,
				NULL };

	put_notification("error", parts, n->file, n->line, n->col, cwd, first);
}

/* Units not analysed; compile errors; flags dropped from compile
 * commands. */
static void put_notifications(const audit *a, const char *cwd)
{
	int first = 1;

	for (size_t i = 0; i < a->failures.count; i++) {
		const char *parts[] = { a->failures.items[i].text, NULL };

		put_notification("error", parts, a->failures.items[i].file, 0,
				 0, cwd, &first);
	}
	for (size_t i = 0; i < a->compile_errors.count; i++)
		put_compile_error(&a->compile_errors.items[i], cwd, &first);
	for (size_t i = 0; i < a->dropped.count; i++) {
		const audit_note *d = &a->dropped.items[i];
		const char *parts[] = { "dropped from its compile command (",
					audit_dropped_why(d), "): ", d->text,
					NULL };

		put_notification("note", parts, d->file, 0, 0, cwd, &first);
	}
}

void audit_report_sarif(const audit *a)
{
	char cwd[PATH_MAX];

	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	printf("{\n  \"$schema\": \"https://json.schemastore.org/"
	       "sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
	       "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": "
	       "\"flagspace\", \"version\": \"%s\", \"rules\": [", FS_VERSION);
	put_rules();
	printf("]}},\n    \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": ");
	put_uri(cwd, "", "/");
	printf("}},\n    \"invocations\": [{\"executionSuccessful\": %s, "
	       "\"toolExecutionNotifications\": [",
	       a->failures.count ? "false" : "true");
	put_notifications(a, cwd);
	printf("]}],\n    \"results\": [");
	put_results(a, cwd);
	printf("\n    ]\n  }]\n}\n");
}
