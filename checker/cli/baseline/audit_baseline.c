/* audit_baseline.c: a baseline of accepted findings: written once, then
 * findings in it are not reported again. A finding is keyed by its check,
 * file, message and the text of its source line (not its line number), so
 * that edits elsewhere in the file do not make old findings new. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "cli.h"
#include "finding_key.h"

static const char baseline_header[] =
	"# flagspace baseline v1: check<TAB>file<TAB>line-hash<TAB>message\n";

int audit_baseline_write(const audit *a, const char *path)
{
	char cwd[PATH_MAX];
	FILE *out = fopen(path, "w");

	if (!out)
		return cli_error("cannot write baseline '%s': %s", path,
				 cli_strerror(errno));
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	fputs(baseline_header, out);
	for (size_t i = 0; i < a->findings.count; i++) {
		char *key = audit_finding_key(&a->findings.items[i], cwd);

		if (key)
			fprintf(out, "%s\n", key);
		free(key);
	}
	if (fclose(out))
		return cli_error("cannot write baseline '%s': %s", path,
				 cli_strerror(errno));
	return CLI_OK;
}

static int is_key_line(const char *line)
{
	size_t tabs = 0;

	for (; *line; line++)
		tabs += *line == '\t';
	return tabs >= 3;
}

/* Reads the keys; returns CLI_OK or CLI_FAIL after a one-line error. Lines
 * have no length limit: a key holds a message and a path. */
static int read_keys(const char *path, cli_list *keys)
{
	FILE *in = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, n = 0;
	const char *problem = NULL;

	if (!in)
		return cli_error("cannot read baseline '%s': %s", path,
				 cli_strerror(errno));
	while (!problem && getline(&line, &cap, in) >= 0) {
		char *copy;

		n++;
		if (n == 1 && strcmp(line, baseline_header)) {
			problem = "it is not a flagspace baseline v1";
			break;
		}
		line[strcspn(line, "\n")] = '\0';
		if (n == 1 || !line[0])
			continue;
		if (!is_key_line(line) || !(copy = strdup(line)) ||
		    cli_list_push(keys, copy))
			problem = "";
	}
	free(line);
	fclose(in);
	if (problem && *problem)
		return cli_error("cannot read baseline '%s': %s", path, problem);
	if (problem)
		return cli_error("cannot read baseline '%s': line %zu is not "
				 "check, file, hash and message separated by "
				 "tabs", path, n);
	return n ? CLI_OK : cli_error("cannot read baseline '%s': it is "
				      "empty", path);
}

/* Whether `key` is among the unused keys; uses it up (a finding repeated
 * on two identical lines needs two entries). */
static int take_key(cli_list *keys, const char *key)
{
	for (size_t i = 0; i < keys->count; i++)
		if (keys->items[i] && !strcmp(keys->items[i], key)) {
			free((char *)keys->items[i]);
			keys->items[i] = NULL;
			return 1;
		}
	return 0;
}

int audit_baseline_apply(audit *a, const char *path)
{
	cli_list keys = { NULL, 0, 0 };
	char cwd[PATH_MAX];
	size_t kept = 0;
	int res = read_keys(path, &keys);

	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	for (size_t i = 0; res == CLI_OK && i < a->findings.count; i++) {
		audit_finding *f = &a->findings.items[i];
		char *key = audit_finding_key(f, cwd);

		if (key && take_key(&keys, key)) {
			a->baselined++;
			audit_finding_free(f);
		} else {
			a->findings.items[kept++] = *f;
		}
		free(key);
	}
	if (res == CLI_OK)
		a->findings.count = kept;
	for (size_t i = 0; i < keys.count; i++)
		free((char *)keys.items[i]);
	cli_list_free(&keys);
	return res;
}
