/* test_fallback.c: flagspace-portability and the code that falls back
 * (fallback.c): a retry made where a test of the call's outcome leads
 * (fs_outcome.retries) answers a `since` fact when it does the job without
 * the call or flag (the same function without the flag, or another way the
 * rule names in else=) and its test lets the predicted errno through; and
 * a flag any check says the call rejects, retried without it. */
#include <string.h>

#include "fallback.h"
#include "platform_helpers.h"

#define OPENAT2 "syscall(SYS_openat2=437, d, p, how, 24)"
#define STATX "syscall(SYS_statx=332, d, p, 0, STATX_BASIC_STATS, b)"
#define MEMFD "memfd_create(n, MFD_CLOEXEC|MFD_NOEXEC_SEAL=8)"

/* The findings of `call` on glibc 2.36 and Linux `kernel` (0: not set)
 * with one retry, `retry` (NULL: none) tested for `errnos`. */
static const char *after(const char *call, uint32_t kernel, const char *retry,
			 const char *errnos)
{
	fs_retry r;
	fs_outcome o = { { 0 }, { 0 }, NULL, 0 };

	if (retry) {
		r = retry_of(0, retry, errnos);
		o.retries = &r;
		o.nretries = 1;
	}
	return with_outcome(V(2, 36, 0), kernel, call, &o);
}

static int reported(const char *text)
{
	return strstr(text, "flagspace-portability") != NULL;
}

static void errno_is(void **state)
{
	(void)state;
	assert_true(fs_errno_is("EOPNOTSUPP", "EOPNOTSUPP"));
	assert_true(fs_errno_is("EOPNOTSUPP", "ENOTSUP"));
	assert_false(fs_errno_is("ENOTSUP", "EOPNOTSUPP"));
	assert_false(fs_errno_is("ENOSYS", "EINVAL"));
	assert_false(fs_errno_is(NULL, "EINVAL"));
	assert_false(fs_errno_is("EINVAL", NULL));
}

/* The same function without the flag, after a test that lets EOPNOTSUPP
 * through (any failure, or naming it or ENOTSUP): a fallback. */
static void same_call_without_the_flag(void **state)
{
	(void)state;
	assert_true(reported(after(NOFOLLOW, 0, NULL, "")));
	assert_string_equal(after(NOFOLLOW, 0, "fchmodat(AT_FDCWD, p, 0644, 0)",
				  ""), "");
	assert_string_equal(after(NOFOLLOW, 0, "fchmodat(AT_FDCWD, p, 0644, 0)",
				  "ENOSYS, ENOTSUP"), "");
	assert_string_equal(after(NOFOLLOW, 0, "fchmodat(AT_FDCWD, p, 0644, 0)",
				  "EOPNOTSUPP"), "");
	/* the flag cleared is no flag */
	assert_string_equal(after(NOFOLLOW, 0,
				  "fchmodat(AT_FDCWD, p, 0644, ~AT_SYMLINK_NOFOLLOW)",
				  ""), "");
}

/* A retry that is no fallback: another errno, the flag again (on some
 * path, or maybe: a variable), a function that does another job. */
static void not_a_fallback(void **state)
{
	(void)state;
	assert_true(reported(after(NOFOLLOW, 0,
				   "fchmodat(AT_FDCWD, p, 0644, 0)",
				   "EPERM, EACCES")));
	assert_true(reported(after(NOFOLLOW, 0, NOFOLLOW, "")));
	assert_true(reported(after(NOFOLLOW, 0,
				   "fchmodat(AT_FDCWD, p, 0644, "
				   "?AT_SYMLINK_NOFOLLOW)", "")));
	assert_true(reported(after(NOFOLLOW, 0,
				   "fchmodat(AT_FDCWD, p, 0644, flags)", "")));
	assert_true(reported(after(NOFOLLOW, 0, "unlink(p)", "")));
	/* a helper whose body is not there names "?" */
	assert_true(reported(after(NOFOLLOW, 0,
				   "fchmodat(AT_FDCWD, p, 0644, 0)", "?")));
}

/* Another way the rule names (else=): chmod() for fchmodat's flag, openat
 * for openat2, fstatat for the raw statx, renameat for renameat2. */
static void another_way(void **state)
{
	(void)state;
	assert_string_equal(after(NOFOLLOW, 0, "chmod(p, 0644)", ""), "");
	assert_true(reported(after(OPENAT2, V(5, 4, 0), NULL, "")));
	assert_string_equal(after(OPENAT2, V(5, 4, 0),
				  "openat(d, p, O_RDONLY)", "ENOSYS"), "");
	assert_string_equal(after(OPENAT2, V(5, 4, 0),
				  "syscall(SYS_openat=257, d, p, O_RDONLY)", ""),
			    "");
	/* the same call again, or a test that lets ENOSYS pass by */
	assert_true(reported(after(OPENAT2, V(5, 4, 0), OPENAT2, "")));
	assert_true(reported(after(OPENAT2, V(5, 4, 0),
				   "openat(d, p, O_RDONLY)", "EINVAL")));
	assert_true(reported(after(STATX, V(4, 4, 0), NULL, "")));
	assert_string_equal(after(STATX, V(4, 4, 0), "fstatat(d, p, b, 0)",
				  "ENOSYS"), "");
	assert_true(reported(after("renameat2(a, p, b, q, RENAME_NOREPLACE)",
				   V(3, 10, 0), NULL, "")));
	assert_string_equal(after("renameat2(a, p, b, q, RENAME_NOREPLACE)",
				  V(3, 10, 0), "renameat(a, p, b, q)", ""), "");
}

/* The same function another way: glibc's statx() after a raw
 * syscall(SYS_statx), which the rule (via=syscall) is not about. */
static void same_function_another_way(void **state)
{
	(void)state;
	assert_string_equal(after(STATX, V(4, 4, 0),
				  "statx(d, p, 0, STATX_BASIC_STATS, b)", ""),
			    "");
	/* memfd_create retried without MFD_NOEXEC_SEAL, and with it */
	assert_true(reported(after(MEMFD, V(6, 1, 0), NULL, "")));
	assert_string_equal(after(MEMFD, V(6, 1, 0),
				  "memfd_create(n, MFD_CLOEXEC)", "EINVAL"), "");
	assert_true(reported(after(MEMFD, V(6, 1, 0), MEMFD, "EINVAL")));
}

/* else= names functions, at file:line:col when it does not. */
/* A flag any check says the call rejects, retried without it where a test
 * that lets that errno through leads: a probe (libevent's waitpid with
 * WNOWAIT, then without). */
static void rejected_flag_retried_without(void **state)
{
	static const char *const call = "waitpid(p, s, WNOWAIT)";
	const char *alone;

	(void)state;
	alone = after(call, 0, NULL, "");
	assert_non_null(strstr(alone, "flagspace-unsupported-flag"));
	assert_string_equal(after(call, 0, "waitpid(p, s, 0)", "EINVAL"), "");
	assert_string_equal(after(call, 0, "waitpid(p, s, WNOHANG)", ""), "");
	assert_string_equal(after(call, 0, "waitpid(p, s, 0)", "EINTR"),
			    alone);
	assert_string_equal(after(call, 0, "waitpid(p, s, WNOWAIT|WNOHANG)",
				  "EINVAL"), alone);
	assert_string_equal(after(call, 0, "wait(s)", "EINVAL"), alone);
}

static void else_errors(void **state)
{
	fs_rules *r = builtin_rules();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(r, "since openat2 linux=5.6 else=open,,x\n",
				   &log), -1);
	assert_non_null(strstr(log.text, "t.rules:1:"));
	fs_rules_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errno_is),
		cmocka_unit_test(same_call_without_the_flag),
		cmocka_unit_test(not_a_fallback),
		cmocka_unit_test(another_way),
		cmocka_unit_test(same_function_another_way),
		cmocka_unit_test(rejected_flag_retried_without),
		cmocka_unit_test(else_errors),
	};

	return cmocka_run_group_tests(tests, setup_platform_rules,
					   free_state_rules);
}
