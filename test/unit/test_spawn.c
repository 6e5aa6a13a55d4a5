/* test_spawn.c: the one way flagspace starts a process
 * (checker/base/spawn.c): exit status, signal, timeout of the whole
 * group, a program or directory that is not there, large stdout and
 * stderr at once, files, and the guard an interrupt handler relies on.
 * The programs run are /bin/sh and coreutils: the tests, not flagspace,
 * use a shell to make a child do something. */
#define _GNU_SOURCE	/* mkdtemp, symlink */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/spawn.h"
#include "unit_helpers.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Runs `sh -c script` with stdout and stderr piped; asserts it ran. */
static void run_sh(const char *script, double timeout, fs_spawn_result *r)
{
	const char *argv[] = { "/bin/sh", "-c", script, NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, NULL, NULL },
			 { FS_SPAWN_PIPE, NULL, NULL, NULL }, timeout };

	assert_int_equal(fs_spawn_run(&how, r), 0);
}

static void exit_status(void **state)
{
	fs_spawn_result r;

	(void)state;
	run_sh("echo out; echo err >&2; exit 7", 0, &r);
	assert_int_equal(r.end, FS_SPAWN_EXITED);
	assert_int_equal(r.code, 7);
	assert_false(fs_spawn_succeeded(&r));
	assert_string_equal(r.out, "out\n");
	assert_string_equal(r.err, "err\n");
	fs_spawn_result_free(&r);
	run_sh("true", 0, &r);
	assert_true(fs_spawn_succeeded(&r));
	assert_string_equal(r.out, "");
	assert_int_equal(r.out_len, 0);
	fs_spawn_result_free(&r);
}

static void signal_ends_it(void **state)
{
	fs_spawn_result r;

	(void)state;
	run_sh("kill -ABRT $$", 0, &r);
	assert_int_equal(r.end, FS_SPAWN_SIGNALED);
	assert_int_equal(r.code, SIGABRT);
	fs_spawn_result_free(&r);
}

/* Whether process pid is gone or a zombie (killed, not yet reaped by
 * whoever inherited it). */
static int is_dead(long pid)
{
	char path[64], text[512], *paren;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (!(f = fopen(path, "r")))
		return 1;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	paren = strrchr(text, ')');
	return paren && (paren[2] == 'Z' || paren[2] == 'X');
}

/* The grandchild holds the pipe open: without killing the group, reading
 * to the end would wait for it (30 s). */
static void timeout_kills_the_group(void **state)
{
	fs_spawn_result r;
	double start = now();
	long pid;
	int dead = 0;

	(void)state;
	run_sh("sleep 30 & echo $!; wait", 0.5, &r);
	assert_true(now() - start < 10);
	assert_int_equal(r.end, FS_SPAWN_TIMED_OUT);
	assert_int_equal(sscanf(r.out, "%ld", &pid), 1);
	for (int i = 0; i < 200 && !(dead = is_dead(pid)); i++)
		usleep(10000);
	assert_true(dead);
	fs_spawn_result_free(&r);
}

static void expect_no_start(const fs_spawn *how, const char *why)
{
	fs_spawn_result r;

	assert_int_equal(fs_spawn_run(how, &r), -1);
	if (!strstr(r.why, why))
		fail_msg("expected '%s' in '%s'", why, r.why);
	fs_spawn_result_free(&r);
}

static void missing_program(void **state)
{
	const char *absent[] = { "/nonexistent/flagspace-test", NULL };
	const char *bare[] = { "flagspace-test-no-such-program", NULL };
	const char *notexec[] = { "/etc/passwd", NULL };
	fs_spawn how = { absent, NULL, { 0 }, { 0 }, 0 };

	(void)state;
	expect_no_start(&how, "cannot run '/nonexistent/flagspace-test': no "
			"such file or directory");
	how.argv = bare;
	expect_no_start(&how, "cannot run 'flagspace-test-no-such-program': "
			"not found on PATH");
	how.argv = notexec;
	expect_no_start(&how, "cannot run '/etc/passwd': permission denied");
	how.argv = NULL;
	expect_no_start(&how, "no program");
}

static void missing_directory(void **state)
{
	const char *argv[] = { "/bin/true", NULL };
	fs_spawn how = { argv, "/nonexistent/dir", { 0 }, { 0 }, 0 };

	(void)state;
	expect_no_start(&how, "cannot run '/bin/true': directory "
			"'/nonexistent/dir' does not exist");
	how.dir = "/etc/passwd";
	expect_no_start(&how, "'/etc/passwd' is not a directory");
}

/* Each written whole before the other: a reader that waits for the end
 * of stdout before reading stderr would never get there. */
static void large_stdout_and_stderr(void **state)
{
	fs_spawn_result r;

	(void)state;
	run_sh("yes e | head -c 3000000 >&2; yes o | head -c 5000000", 60, &r);
	assert_true(fs_spawn_succeeded(&r));
	assert_int_equal(r.err_len, 3000000);
	assert_int_equal(r.out_len, 5000000);
	assert_int_equal(strlen(r.out), 5000000);
	assert_memory_equal(r.err + 2999998, "e\n", 2);
	assert_memory_equal(r.out + 4999998, "o\n", 2);
	fs_spawn_result_free(&r);
}

static void count_bytes(void *ctx, const char *data, size_t len)
{
	(void)data;
	*(size_t *)ctx += len;
}

static void sink_and_merged_stderr(void **state)
{
	const char *argv[] = { "/bin/sh", "-c", "echo a; echo b >&2", NULL };
	size_t n = 0;
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, count_bytes, &n },
			 { FS_SPAWN_STDOUT, NULL, NULL, NULL }, 0 };
	fs_spawn_result r;

	(void)state;
	assert_int_equal(fs_spawn_run(&how, &r), 0);
	assert_null(r.out);
	assert_null(r.err);
	assert_int_equal(n, 4);
	how.out.sink = NULL;
	assert_int_equal(fs_spawn_run(&how, &r), 0);
	assert_string_equal(r.out, "a\nb\n");
	fs_spawn_result_free(&r);
}

static char *read_file(const char *path)
{
	static char text[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	return text;
}

/* A directory and a program whose names a shell would split or expand:
 * run as they are, in the directory, stdin from /dev/null. */
static void quotes_files_and_directory(void **state)
{
	char tmp[] = "/tmp/flagspace-spawn-XXXXXX", dir[128], prog[160];
	char out[192];
	const char *argv[] = { prog, "-c", "pwd; cat; echo \"$1\"", "sh",
			       "it's $HOME; `x`", NULL };
	fs_spawn how = { argv, dir, { FS_SPAWN_FILE, out, NULL, NULL },
			 { FS_SPAWN_NULL, NULL, NULL, NULL }, 10 };
	fs_spawn_result r;

	(void)state;
	assert_non_null(mkdtemp(tmp));
	snprintf(dir, sizeof(dir), "%s/it's a \"dir\" $HOME", tmp);
	snprintf(prog, sizeof(prog), "%s/sh 'quoted'", dir);
	snprintf(out, sizeof(out), "%s/out", tmp);
	assert_int_equal(mkdir(dir, 0700), 0);
	assert_int_equal(symlink("/bin/sh", prog), 0);
	assert_int_equal(fs_spawn_run(&how, &r), 0);
	assert_true(fs_spawn_succeeded(&r));
	assert_null(r.out);
	snprintf(prog, sizeof(prog), "%s\nit's $HOME; `x`\n", dir);
	assert_string_equal(read_file(out), prog);
	fs_spawn_result_free(&r);
	how.out.path = "/nonexistent/out";
	snprintf(prog, sizeof(prog), "%s/sh 'quoted'", dir);
	expect_no_start(&how, "cannot write '/nonexistent/out': no such file");
	snprintf(out, sizeof(out), "%s/out", tmp);
	unlink(out);
	unlink(prog);
	rmdir(dir);
	rmdir(tmp);
}

/* What the guard saw. */
static struct {
	int holds, releases;
	pid_t added, removed;
	int held;		/* hold without release */
	int full;		/* add fails */
} seen;

static void hold(void) { seen.holds++; seen.held = 1; }
static void release(void) { seen.releases++; seen.held = 0; }
static void removed(pid_t pgid) { seen.removed = pgid; }

static int added(pid_t pgid)
{
	assert_true(seen.held);	/* registered before anything can see it */
	seen.added = pgid;
	return seen.full ? -1 : 0;
}

static void guard_registers_the_group(void **state)
{
	const char *argv[] = { "/bin/sh", "-c", "cut -d' ' -f5 /proc/$$/stat",
			       NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_PIPE, NULL, NULL, NULL },
			 { 0 }, 0 };
	fs_spawn_guard g = { hold, release, added, removed };
	fs_spawn_result r;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	fs_spawn_set_guard(&g);
	assert_int_equal(fs_spawn_run(&how, &r), 0);
	assert_int_equal(seen.holds, 1);
	assert_int_equal(seen.releases, 1);
	assert_true(seen.added > 0);
	assert_int_equal(seen.removed, seen.added);
	/* Its own process group: the pgid is its pid. */
	assert_int_equal(atol(r.out), (long)seen.added);
	fs_spawn_result_free(&r);
	seen.full = 1;
	expect_no_start(&how, "cannot run '/bin/sh'");
	assert_int_equal(seen.releases, 2);
	fs_spawn_set_guard(NULL);
}

/* Started and polled, as the audit runs its clang-tidy workers. */
static void start_and_poll(void **state)
{
	const char *argv[] = { "/bin/sh", "-c", "sleep 30", NULL };
	const char *quick[] = { "/bin/sh", "-c", "exit 3", NULL };
	fs_spawn how = { argv, NULL, { 0 }, { 0 }, 0.3 };
	fs_spawn_result r;
	char why[FS_SPAWN_WHY];
	fs_proc p;
	int res;

	(void)state;
	assert_int_equal(fs_spawn_start(&how, &p, why, sizeof(why)), 0);
	while (!(res = fs_proc_poll(&p, &r)))
		usleep(5000);
	assert_int_equal(res, 1);
	assert_int_equal(r.end, FS_SPAWN_TIMED_OUT);
	assert_int_equal(p.pid, 0);
	how.argv = quick;
	how.timeout_s = 0;
	assert_int_equal(fs_spawn_start(&how, &p, why, sizeof(why)), 0);
	while (!(res = fs_proc_poll(&p, &r)))
		usleep(5000);
	assert_int_equal(r.end, FS_SPAWN_EXITED);
	assert_int_equal(r.code, 3);
	how.argv = argv;
	assert_int_equal(fs_spawn_start(&how, &p, why, sizeof(why)), 0);
	fs_proc_stop(&p);
	assert_int_equal(p.pid, 0);
	how.out.to = FS_SPAWN_PIPE;
	assert_int_equal(fs_spawn_start(&how, &p, why, sizeof(why)), -1);
}

/* A build's output goes to the caller's stderr, its stdout too: never to
 * the caller's stdout, where the report goes. */
static void both_to_callers_stderr(void **state)
{
	const char *argv[] = { "/bin/sh", "-c", "echo out; echo err >&2",
			       NULL };
	fs_spawn how = { argv, NULL, { FS_SPAWN_STDERR, NULL, NULL, NULL },
			 { FS_SPAWN_STDERR, NULL, NULL, NULL }, 0 };
	char path[] = "/tmp/fs-spawn-stderr-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	fs_spawn_result r;
	char text[64] = "";
	FILE *f;

	(void)state;
	assert_true(fd >= 0 && saved >= 0);
	/* the caller's stderr is the file: the child's "out" lands there */
	assert_int_equal(dup2(fd, 2), 2);
	assert_int_equal(fs_spawn_run(&how, &r), 0);
	dup2(saved, 2);
	close(saved);
	close(fd);
	assert_true(fs_spawn_succeeded(&r));
	assert_null(r.out);
	assert_non_null(f = fopen(path, "r"));
	assert_int_equal(fread(text, 1, sizeof(text) - 1, f), 8);
	fclose(f);
	unlink(path);
	assert_string_equal(text, "out\nerr\n");
	fs_spawn_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exit_status),
		cmocka_unit_test(signal_ends_it),
		cmocka_unit_test(timeout_kills_the_group),
		cmocka_unit_test(missing_program),
		cmocka_unit_test(missing_directory),
		cmocka_unit_test(large_stdout_and_stderr),
		cmocka_unit_test(sink_and_merged_stderr),
		cmocka_unit_test(quotes_files_and_directory),
		cmocka_unit_test(guard_registers_the_group),
		cmocka_unit_test(start_and_poll),
		cmocka_unit_test(both_to_callers_stderr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
