/* audit_baseline.c: a baseline of accepted findings: written once, then
 * findings in it are not reported again. A finding is keyed by its check,
 * file, message and the text of its source line (not its line number), so
 * that edits elsewhere in the file do not make old findings new. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "audit.h"
#include "cli.h"
#include "finding_key.h"

static const char baseline_header[] =
	"# flagspace baseline v1: check<TAB>file<TAB>line-hash<TAB>message\n";

int audit_baseline_check_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	struct stat st;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	if (!dir[0])
		strcpy(dir, "/");
	if (!stat(path, &st) && !S_ISREG(st.st_mode))
		return cli_error("cannot write baseline '%s': it is not a "
				 "regular file", path);
	/* The new baseline is a file created in that folder, renamed. */
	if (stat(dir, &st) || (!S_ISDIR(st.st_mode) && (errno = ENOTDIR)) ||
	    access(dir, W_OK | X_OK))
		return cli_error("cannot write baseline '%s': folder '%s': %s",
				 path, dir, cli_strerror(errno));
	return CLI_OK;
}

/* The baseline's text: the header, then one key a line; malloc'd. */
static char *baseline_text(const audit *a, size_t *len)
{
	char cwd[PATH_MAX], *text = NULL;
	FILE *out = open_memstream(&text, len);
	int bad = !out;

	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/");
	if (out)
		fputs(baseline_header, out);
	for (size_t i = 0; out && i < a->findings.count; i++) {
		char *key = audit_finding_key(&a->findings.items[i], cwd);

		bad |= !key || fprintf(out, "%s\n", key) < 0;
		free(key);
	}
	if ((out && fclose(out)) || bad) {
		free(text);
		return NULL;
	}
	return text;
}

int audit_baseline_write(const audit *a, const char *path)
{
	char why[256];
	struct stat st;
	size_t len;
	char *text = baseline_text(a, &len);
	int exists = !stat(path, &st);

	if (!text)
		return cli_error("out of memory");
	/* An old baseline keeps its mode; what replaces it is whole. */
	if (atomic_replace(path, exists ? &st : NULL, text, len, why,
			   sizeof(why))) {
		free(text);
		return cli_error("cannot write baseline '%s': %s", path, why);
	}
	free(text);
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
		size_t len;

		n++;
		/* A baseline checked out with CRLF line ends reads the same;
		 * a CR inside a line is its text. */
		len = strlen(line);
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (n == 1 && (strlen(line) != sizeof(baseline_header) - 2 ||
			       strncmp(line, baseline_header,
				       sizeof(baseline_header) - 2))) {
			problem = "it is not a flagspace baseline v1";
			break;
		}
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
