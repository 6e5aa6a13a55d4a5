/* fuzz_baseline.c: libFuzzer harness for baseline files (--baseline), read
 * by audit_baseline_apply() in checker/cli/baseline/audit_baseline.c.
 *
 * The input is the baseline file, applied to a fixed set of findings. Then
 * its key lines, read as findings, go through audit_baseline_write() and
 * back through audit_baseline_apply(): everything written must be taken
 * out again. The input lives in a memfd; the written baseline in a
 * private temporary directory, since audit_baseline_write() replaces its
 * file with a rename (and a memfd cannot be renamed over). The findings
 * name files under a directory that does not exist, so their line hash is
 * always that of an unreadable file. */
#define _GNU_SOURCE		/* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "audit.h"
#include "baseline.h"

#define NO_DIR "/nonexistent-flagspace-fuzz/"

static int in_fd = -1;
static char in_path[64], out_dir[64], out_path[96];

static int open_memfd(const char *name, char *path, size_t size)
{
	int fd = memfd_create(name, 0);

	if (fd < 0)
		abort();
	snprintf(path, size, "/proc/self/fd/%d", fd);
	return fd;
}

static void remove_out(void)
{
	unlink(out_path);
	rmdir(out_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	in_fd = open_memfd("baseline-in", in_path, sizeof(in_path));
	snprintf(out_dir, sizeof(out_dir), "%s/flagspace-fuzz-XXXXXX",
		 getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR")
						       : "/tmp");
	if (!mkdtemp(out_dir))
		abort();
	snprintf(out_path, sizeof(out_path), "%s/baseline", out_dir);
	atexit(remove_out);
	return 0;
}

static char *dup_str(const char *s, size_t n)
{
	char *copy = malloc(n + 1);

	if (!copy)
		abort();
	memcpy(copy, s, n);
	copy[n] = '\0';
	return copy;
}

static void add_finding(audit *a, const char *check, size_t check_len,
			const char *file, size_t file_len, const char *message,
			size_t message_len, unsigned line)
{
	audit_finding *f = AUDIT_PUSH(&a->findings);
	char *path = malloc(sizeof(NO_DIR) + file_len);

	if (!f || !path)
		abort();
	memcpy(path, NO_DIR, sizeof(NO_DIR) - 1);
	memcpy(path + sizeof(NO_DIR) - 1, file, file_len);
	path[sizeof(NO_DIR) - 1 + file_len] = '\0';
	f->file = path;
	f->line = line;
	f->col = 1;
	f->severity = dup_str("warning", 7);
	f->check = dup_str(check, check_len);
	f->message = dup_str(message, message_len);
}

static void fixed_findings(audit *a)
{
	static const char *const checks[] = { "flagspace-wrong-namespace",
					      "flagspace-missing-mode" };

	for (unsigned i = 0; i < 4; i++) {
		const char *check = checks[i & 1];
		const char *message = i < 2 ? "AT_REMOVEDIR in open() flags"
					    : "open() with O_CREAT needs a mode";

		add_finding(a, check, strlen(check), "a.c", 3, message,
			    strlen(message), 10 + i);
	}
}

static void put_file(int fd, const uint8_t *data, size_t size)
{
	if (ftruncate(fd, 0) || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
}

/* Applies the input to the fixed findings: the counts must add up. */
static void apply_input(const uint8_t *data, size_t size)
{
	audit a = { 0 };
	size_t before;
	int res;

	fixed_findings(&a);
	before = a.findings.count;
	put_file(in_fd, data, size);
	res = audit_baseline_apply(&a, in_path);
	if (res != CLI_OK && res != CLI_FAIL)
		abort();
	if (a.findings.count + a.baselined != before ||
	    (res != CLI_OK && a.baselined))
		abort();
	audit_free(&a);
}

/* Field k (0-based) of a tab-separated line: [*start, *start + *len). */
static int field(const char *line, size_t len, int k, size_t *start,
		 size_t *n)
{
	size_t i = 0;

	for (; k > 0; k--) {
		const char *tab = memchr(line + i, '\t', len - i);

		if (!tab)
			return 0;
		i = (size_t)(tab - line) + 1;
	}
	*start = i;
	*n = len - i;
	if (k == 0 && memchr(line + i, '\t', len - i))
		*n = (size_t)((const char *)memchr(line + i, '\t', len - i) -
			      (line + i));
	return 1;
}

/* The input's lines "check<TAB>file<TAB>hash<TAB>message", as findings. */
static void findings_of(audit *a, const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;

	for (size_t at = 0; at < size && a->findings.count < 8;) {
		const char *nl = memchr(text + at, '\n', size - at);
		size_t len = nl ? (size_t)(nl - (text + at)) : size - at;
		const char *line = text + at;
		size_t cs, cn, fs, fn, ms, mn;

		at += len + 1;
		if (memchr(line, '\0', len) || !field(line, len, 0, &cs, &cn) ||
		    !field(line, len, 1, &fs, &fn) ||
		    !field(line, len, 3, &ms, &mn))
			continue;
		/* The rest of the line after the third tab is the message. */
		mn = len - ms;
		add_finding(a, line + cs, cn, line + fs, fn, line + ms, mn,
			    (unsigned)(at % 1000));
	}
}

/* What audit writes, audit reads back: every finding is taken out. */
static void round_trip(const uint8_t *data, size_t size)
{
	audit a = { 0 };
	size_t count;

	findings_of(&a, data, size);
	count = a.findings.count;
	if (!count) {
		audit_free(&a);
		return;
	}
	if (audit_baseline_write(&a, out_path) != CLI_OK)
		abort();
	if (audit_baseline_apply(&a, out_path) != CLI_OK ||
	    a.baselined != count || a.findings.count != 0)
		abort();
	audit_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	apply_input(data, size);
	round_trip(data, size);
	return 0;
}
