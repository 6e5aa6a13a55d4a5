/* audit_baseline.c: a baseline of accepted findings: written once, then
 * findings in it are not reported again. A finding is keyed by its check,
 * file, message and the text of its source line (not its line number), so
 * that edits elsewhere in the file do not make old findings new. Each line
 * also keeps the finding's consequence, for whoever reads the file; it is
 * not part of the key (a finding the engine classes anew stays
 * accepted). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "audit.h"
#include "baseline.h"
#include "cli.h"
#include "consequences.h"
#include "finding_key.h"

/* What is written; v1 (without the consequence) is still read. */
static const char baseline_header[] =
	"# flagspace baseline v2: check<TAB>file<TAB>line-hash<TAB>"
	"consequence<TAB>message\n";
static const char baseline_header_v1[] =
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

/* The text after the n-th tab of s, or NULL when it has fewer. */
static const char *nth_tab(const char *s, int n)
{
	while (s && n--)
		if ((s = strchr(s, '\t')))
			s++;
	return s;
}

/* The baseline's text: the header, then one key a line with the
 * finding's consequence before its message; malloc'd. */
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
		const audit_finding *f = &a->findings.items[i];
		char *key = audit_finding_key(f, cwd);
		/* The key's message follows its third tab. */
		const char *message = key ? nth_tab(key, 3) : NULL;

		bad |= !message || fprintf(out, "%.*s%s\t%s\n",
					   (int)(message - key), key,
					   audit_consequence_name(f),
					   message) < 0;
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

/* Line as a key: v1's is the line; v2's without its fourth field, which
 * must name a consequence. Returns the key (malloc'd), or NULL with
 * *problem set. */
static char *key_of(char *line, int v2, const char **problem)
{
	const char *fourth = nth_tab(line, 3);
	const char *message = v2 ? nth_tab(line, 4) : fourth;
	char *key;

	if (!message) {
		*problem = "";
		return NULL;
	}
	if (v2 && fs_consequence_parse(fourth, (size_t)(message - 1 - fourth))
			  == FS_CONSEQUENCE_COUNT) {
		*problem = "consequence";
		return NULL;
	}
	if (!(key = malloc(strlen(line) + 1))) {
		*problem = "out of memory";
		return NULL;
	}
	sprintf(key, "%.*s%s", (int)(fourth - line), line, message);
	return key;
}

/* The version a first line says: 1, 2, or 0 (not a baseline). */
static int version_of(const char *line)
{
	if (!strncmp(line, baseline_header, sizeof(baseline_header) - 2) &&
	    strlen(line) == sizeof(baseline_header) - 2)
		return 2;
	if (!strncmp(line, baseline_header_v1,
		     sizeof(baseline_header_v1) - 2) &&
	    strlen(line) == sizeof(baseline_header_v1) - 2)
		return 1;
	return 0;
}

static int bad_baseline(const char *path, const char *problem, size_t n)
{
	if (!strcmp(problem, "consequence"))
		return cli_error("cannot read baseline '%s': line %zu: the "
				 "fourth field is not fails, misbehaves, "
				 "ignored, same-value or deprecated", path, n);
	if (*problem)
		return cli_error("cannot read baseline '%s': %s", path,
				 problem);
	return cli_error("cannot read baseline '%s': line %zu is not check, "
			 "file, hash, consequence and message separated by "
			 "tabs", path, n);
}

/* Reads the keys; returns CLI_OK or CLI_FAIL after a one-line error. Lines
 * have no length limit: a key holds a message and a path. */
static int read_keys(const char *path, cli_list *keys)
{
	FILE *in = fopen(path, "r");
	char *line = NULL, *key;
	size_t cap = 0, n = 0;
	const char *problem = NULL;
	int version = 0;

	if (!in)
		return cli_error("cannot read baseline '%s': %s", path,
				 cli_strerror(errno));
	while (!problem && getline(&line, &cap, in) >= 0) {
		size_t len;

		n++;
		/* A baseline checked out with CRLF line ends reads the same;
		 * a CR inside a line is its text. */
		len = strlen(line);
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (n == 1 && !(version = version_of(line)))
			problem = "it is not a flagspace baseline (v1 or v2)";
		if (n == 1 || !line[0])
			continue;
		if (!(key = key_of(line, version == 2, &problem)))
			break;
		if (cli_list_push(keys, key)) {
			free(key);
			problem = "out of memory";
		}
	}
	free(line);
	fclose(in);
	if (problem)
		return bad_baseline(path, problem, n);
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
