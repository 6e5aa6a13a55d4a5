/* test_portability.c: flagspace-portability (check_portability.c): a call
 * or flag that some C library or kernel the program may run on rejects or
 * emulates, judged from the unit's glibc and the minimum kernel
 * (fs_platform), with the built-in rules' `since` facts. */
#include <string.h>

#include "platform_helpers.h"

#define HEAD "flagspace-portability 3:0 swap=* use=0 fails=EOPNOTSUPP " \
	"harms=0 fails AT_SYMLINK_NOFOLLOW in fchmodat() flags needs "
#define OLD "glibc fails with EOPNOTSUPP on every file, regular files too"
#define EMULATED "there is no fchmodat2 and glibc emulates the flag " \
	"through an O_PATH descriptor and /proc, so the call fails with " \
	"EOPNOTSUPP on every file where /proc is not mounted (chroots, " \
	"build roots, early boot)"
#define INSTEAD "; pass 0 where the path cannot be a symlink, or open the " \
	"file with O_NOFOLLOW and use fchmod()\n"

static void named_in_checks_def(void **state)
{
	(void)state;
	assert_string_equal(fs_check_name(FS_CHECK_PORTABILITY),
			    "flagspace-portability");
}

static void versions_parse(void **state)
{
	static const char *const bad[] = { "", "5.", ".5", "0.9", "5.10.1.2",
					   "5.1000", "5.x", "6.1 ", "-5",
					   "12345" };
	uint32_t v = 7;

	(void)state;
	assert_int_equal(fs_version_parse("5.10", 4, &v), 0);
	assert_int_equal(v, V(5, 10, 0));
	assert_int_equal(fs_version_parse("6.1.30", 6, &v), 0);
	assert_int_equal(v, V(6, 1, 30));
	assert_int_equal(fs_version_parse("6", 1, &v), 0);
	assert_int_equal(v, V(6, 0, 0));
	/* the length decides, not the terminator */
	assert_int_equal(fs_version_parse("3.11junk", 4, &v), 0);
	assert_int_equal(v, V(3, 11, 0));
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		v = 7;
		assert_int_equal(fs_version_parse(bad[i], strlen(bad[i]), &v),
				 -1);
		assert_int_equal(v, 7);
	}
	assert_int_equal(fs_version_parse(NULL, 0, &v), -1);
}

/* glibc 2.36 (bookworm): the emulation, whatever the kernel; what is
 * known is named. */
static void fchmodat_nofollow_glibc_236(void **state)
{
	(void)state;
	assert_string_equal(with(V(2, 36, 0), 0, NOFOLLOW),
			    HEAD "glibc 2.39 and Linux 6.6: otherwise, "
			    EMULATED " (built against glibc 2.36, no minimum "
			    "kernel set)" INSTEAD);
	assert_string_equal(with(V(2, 36, 0), V(6, 6, 0), NOFOLLOW),
			    HEAD "glibc 2.39: otherwise, " EMULATED
			    " (built against glibc 2.36)" INSTEAD);
}

/* Before 2.32 every file fails, and the emulation is still ahead. */
static void fchmodat_nofollow_glibc_231(void **state)
{
	(void)state;
	assert_string_equal(with(V(2, 31, 0), 0, NOFOLLOW),
			    HEAD "glibc 2.32: otherwise, " OLD "; it needs "
			    "glibc 2.39 and Linux 6.6: otherwise, " EMULATED
			    " (built against glibc 2.31, no minimum kernel "
			    "set)" INSTEAD);
}

/* With glibc 2.39 only the kernel is left; from 6.6 on, nothing. */
static void fchmodat_nofollow_glibc_239(void **state)
{
	(void)state;
	assert_string_equal(with(V(2, 39, 0), 0, NOFOLLOW),
			    HEAD "Linux 6.6: otherwise, " EMULATED
			    " (no minimum kernel set)" INSTEAD);
	assert_string_equal(with(V(2, 39, 0), V(6, 5, 0), NOFOLLOW),
			    HEAD "Linux 6.6: otherwise, " EMULATED
			    " (minimum kernel 6.5)" INSTEAD);
	assert_string_equal(with(V(2, 39, 0), V(6, 6, 0), NOFOLLOW), "");
	assert_string_equal(with(V(2, 40, 0), V(6, 12, 3), NOFOLLOW), "");
}

/* Another C library, or none known: only the emulated fact, which is
 * reported unless ruled out; the plain glibc 2.32 one needs a known
 * glibc older than it. */
static void fchmodat_nofollow_glibc_unknown(void **state)
{
	(void)state;
	assert_string_equal(with(0, 0, NOFOLLOW),
			    HEAD "glibc 2.39 and Linux 6.6: otherwise, "
			    EMULATED " (the unit's glibc version is not known, "
			    "no minimum kernel set)" INSTEAD);
}

/* Without the flag, and with the code handling EOPNOTSUPP: silent. */
static void fchmodat_right_code(void **state)
{
	fs_outcome handled = { { 0 }, { FS_CMP_EQ, 95, "EOPNOTSUPP", 0, NULL,
					 FS_PLACE_CONDITION } };

	(void)state;
	assert_string_equal(with(V(2, 36, 0), 0,
				 "fchmodat(AT_FDCWD, p, 0644, 0)"), "");
	assert_string_equal(with_outcome(V(2, 36, 0), 0, NOFOLLOW, &handled),
			    "");
	handled.error.with_name = "ENOTSUP";
	assert_string_equal(with_outcome(V(2, 36, 0), 0, NOFOLLOW, &handled),
			    "");
	/* another errno handles nothing */
	handled.error.with_name = "EPERM";
	assert_int_equal(strncmp(with_outcome(V(2, 36, 0), 0, NOFOLLOW,
					      &handled),
				 HEAD, strlen(HEAD)), 0);
}

/* A call newer than the minimum kernel; without one, nothing is said. */
static void call_newer_than_kernel(void **state)
{
	fs_outcome handled = { { 0 }, { FS_CMP_EQ, 38, "ENOSYS", 0, NULL,
					 FS_PLACE_CONDITION } };

	(void)state;
	assert_string_equal(with(V(2, 36, 0), 0, "openat2(d, p, h, 24)"), "");
	assert_string_equal(with(V(2, 36, 0), V(5, 4, 0),
				 "openat2(d, p, h, 24)"),
			    "flagspace-portability *:* swap=* use=0 "
			    "fails=ENOSYS harms=0 fails openat2() needs Linux "
			    "5.6: otherwise, the call fails with ENOSYS "
			    "(minimum kernel 5.4)\n");
	assert_string_equal(with(0, V(5, 4, 0),
				 "syscall(SYS_openat2=437, d, p, h, 24)"),
			    "flagspace-portability *:* swap=* use=0 "
			    "fails=ENOSYS harms=0 fails syscall(SYS_openat2) "
			    "needs Linux 5.6: otherwise, the call fails with "
			    "ENOSYS (minimum kernel 5.4)\n");
	assert_string_equal(with(0, V(5, 6, 0), "openat2(d, p, h, 24)"), "");
	/* a fallback on ENOSYS is the right code */
	assert_string_equal(with_outcome(V(2, 36, 0), V(5, 4, 0),
					 "openat2(d, p, h, 24)", &handled), "");
}

/* A flag newer than the minimum kernel, where the call is older. */
static void flag_newer_than_kernel(void **state)
{
	(void)state;
	assert_string_equal(with(0, V(3, 10, 0),
				 "open(p, O_TMPFILE|O_RDWR, 0600)"),
			    "flagspace-portability 1:0 swap=* use=0 "
			    "fails=EISDIR harms=0 fails O_TMPFILE in open() "
			    "flags needs Linux 3.11: otherwise, the kernel "
			    "does not know O_TMPFILE and opens the directory "
			    "for writing, which fails with EISDIR (minimum "
			    "kernel 3.10)\n");
	assert_string_equal(with(0, V(3, 11, 0),
				 "open(p, O_TMPFILE|O_RDWR, 0600)"), "");
	assert_string_equal(with(0, V(5, 10, 0),
				 "close_range(3, n, CLOSE_RANGE_CLOEXEC)"),
			    "flagspace-portability 2:0 swap=* use=0 "
			    "fails=EINVAL harms=0 fails CLOSE_RANGE_CLOEXEC in "
			    "close_range() flags needs Linux 5.11: otherwise, "
			    "the call fails with EINVAL (minimum kernel "
			    "5.10)\n");
	/* a flag only cleared never reaches the call */
	assert_string_equal(with(0, V(5, 10, 0),
				 "close_range(3, n, f|~CLOSE_RANGE_CLOEXEC)"),
			    "");
}

/* faccessat: glibc 2.33 and Linux 5.8 (faccessat2), or glibc's emulation:
 * AT_EMPTY_PATH refused, AT_SYMLINK_NOFOLLOW judged by the mode bits. */
static void faccessat_emulated(void **state)
{
	(void)state;
	assert_string_equal(with(V(2, 36, 0), 0,
				 "faccessat(d, p, R_OK, AT_EMPTY_PATH)"),
			    "flagspace-portability 3:0 swap=* use=0 "
			    "fails=EINVAL harms=0 fails AT_EMPTY_PATH in "
			    "faccessat() flags needs Linux 5.8: otherwise, "
			    "there is no faccessat2 and glibc's fallback "
			    "rejects AT_EMPTY_PATH with EINVAL (no minimum "
			    "kernel set)\n");
	assert_string_equal(with(V(2, 32, 0), V(5, 10, 0),
				 "faccessat(d, p, W_OK, AT_SYMLINK_NOFOLLOW)"),
			    "flagspace-portability 3:0 swap=* use=0 "
			    "fails=- harms=0 misbehaves AT_SYMLINK_NOFOLLOW in "
			    "faccessat() flags needs glibc 2.33: otherwise, "
			    "there is no faccessat2 and glibc emulates the "
			    "flag with fstatat() and the permission bits, "
			    "which ignore ACLs: the answer can be wrong (built "
			    "against glibc 2.32); where ACLs may decide, try "
			    "the operation itself\n");
	assert_string_equal(with(V(2, 33, 0), V(5, 8, 0),
				 "faccessat(d, p, R_OK, AT_EMPTY_PATH|"
				 "AT_SYMLINK_NOFOLLOW)"), "");
	/* with F_OK the emulation answers from fstatat() alone: exact */
	assert_string_equal(with(V(2, 32, 0), 0,
				 "faccessat(d, p, F_OK, AT_SYMLINK_NOFOLLOW)"),
			    "");
	assert_string_equal(with(V(2, 32, 0), 0,
				 "faccessat(d, p, 0, AT_SYMLINK_NOFOLLOW)"), "");
	/* a mode not known, or with a permission bit, may be misjudged */
	assert_true(strstr(with(V(2, 32, 0), 0,
				"faccessat(d, p, m, AT_SYMLINK_NOFOLLOW)"),
			   "misbehaves AT_SYMLINK_NOFOLLOW") != NULL);
	assert_true(strstr(with(V(2, 32, 0), 0,
				"faccessat(d, p, F_OK|X_OK, "
				"AT_SYMLINK_NOFOLLOW)"),
			   "misbehaves AT_SYMLINK_NOFOLLOW") != NULL);
	/* AT_EACCESS alone is emulated in set-user-ID programs only */
	assert_string_equal(with(V(2, 36, 0), 0,
				 "faccessat(d, p, R_OK, AT_EACCESS)"), "");
}

/* Flags of statx's mask and memfd_create's flags newer than the kernel. */
static void newer_flags(void **state)
{
	(void)state;
	assert_string_equal(with(V(2, 36, 0), V(5, 4, 0),
				 "statx(d, p, 0, STATX_BASIC_STATS|STATX_MNT_ID, "
				 "s)"),
			    "flagspace-portability 3:1 swap=* use=0 fails=- "
			    "harms=0 ignored STATX_MNT_ID in statx() mask needs "
			    "Linux 5.8: otherwise, the kernel leaves "
			    "stx_mnt_id unset and STATX_MNT_ID out of "
			    "stx_mask (minimum kernel 5.4)\n");
	assert_string_equal(with(V(2, 36, 0), V(6, 1, 0),
				 "memfd_create(n, MFD_CLOEXEC|MFD_NOEXEC_SEAL)"),
			    "flagspace-portability 1:1 swap=* use=0 "
			    "fails=EINVAL harms=0 fails MFD_NOEXEC_SEAL in "
			    "memfd_create() flags needs Linux 6.3: otherwise, "
			    "the call fails with EINVAL (minimum kernel 6.1)\n");
	assert_string_equal(with(V(2, 36, 0), V(6, 3, 0),
				 "memfd_create(n, MFD_CLOEXEC|MFD_NOEXEC_SEAL)"),
			    "");
}

/* via=: glibc's statx() falls back to fstatat() and its renameat2()
 * fails with EINVAL for a flag, where the raw calls fail with ENOSYS. */
static void facts_of_one_way_of_calling(void **state)
{
	(void)state;
	assert_string_equal(with(V(2, 36, 0), V(4, 4, 0),
				 "statx(d, p, 0, STATX_BASIC_STATS, s)"), "");
	assert_string_equal(with(V(2, 36, 0), V(4, 4, 0),
				 "syscall(SYS_statx=332, d, p, 0, "
				 "STATX_BASIC_STATS, s)"),
			    "flagspace-portability *:* swap=* use=0 "
			    "fails=ENOSYS harms=0 fails syscall(SYS_statx) "
			    "needs Linux 4.11: otherwise, the call fails with "
			    "ENOSYS (minimum kernel 4.4)\n");
	assert_string_equal(with(V(2, 36, 0), V(3, 10, 0),
				 "renameat2(a, p, b, q, 0)"), "");
	assert_string_equal(with(V(2, 36, 0), V(3, 10, 0),
				 "renameat2(a, p, b, q, RENAME_NOREPLACE)"),
			    "flagspace-portability 4:0 swap=* use=0 "
			    "fails=EINVAL harms=0 fails RENAME_NOREPLACE in "
			    "renameat2() flags needs Linux 3.15: otherwise, "
			    "there is no renameat2 system call and glibc's "
			    "renameat2() fails with EINVAL for any flag "
			    "(minimum kernel 3.10)\n");
	assert_string_equal(with(V(2, 36, 0), V(3, 10, 0),
				 "syscall(SYS_renameat2=316, a, p, b, q, "
				 "RENAME_NOREPLACE)"),
			    "flagspace-portability *:* swap=* use=0 "
			    "fails=ENOSYS harms=0 fails syscall(SYS_renameat2) "
			    "needs Linux 3.15: otherwise, the call fails with "
			    "ENOSYS (minimum kernel 3.10)\n");
	assert_string_equal(with(V(2, 36, 0), V(3, 15, 0),
				 "renameat2(a, p, b, q, RENAME_NOREPLACE)"), "");
}

/* The directive's errors, at file:line:col. */
static void since_errors(void **state)
{
	static const load_error_case cases[] = {
		{ "since fchmodat flags(3) AT_SYMLINK_NOFOLLOW\n",
		  "t.rules:1:1: error: 'since' needs glibc= or linux=: the "
		  "versions it works from\n" },
		{ "since openat2 linux=5.x\n",
		  "t.rules:1:21: error: bad version '5.x' in 'linux': "
		  "expected X.Y or X.Y.Z\n" },
		{ "since fchmodat flags(3) AT_NOPE glibc=2.32\n",
		  "t.rules:1:25: error: 'AT_NOPE' is not a member of any "
		  "namespace\n" },
		{ "since no_such_call linux=5.6\n",
		  "t.rules:1:7: error: 'since' needs a call rule for an "
		  "argument of 'no_such_call'\n" },
		{ "since fchmodat mode(9) AT_SYMLINK_NOFOLLOW linux=6.6\n",
		  "t.rules:1:7: error: 'since' needs a call rule for mode of "
		  "'fchmodat'\n" },
		{ "since openat2 linux=5.6 via=glibc\n",
		  "t.rules:1:29: error: via must be syscall or libc, not "
		  "'glibc'\n" },
		{ "since faccessat flags(3) AT_EACCESS linux=5.8 "
		  "when=mode(2):R_NOPE\n",
		  "t.rules:1:60: error: 'R_NOPE' is not a member of any "
		  "namespace\n" },
		{ "since faccessat flags(3) AT_EACCESS linux=5.8 when=R_OK\n",
		  "t.rules:1:52: error: expected PARAM(POS):NAME,..., such as "
		  "cmd(1):F_SETFD, not 'R_OK'\n" },
		{ "since openat2 linux=5.6 bits=misbehaves\n",
		  "t.rules:1:25: error: bits=misbehaves needs a note= saying "
		  "what the call does\n" },
	};

	(void)state;
	check_load_errors(cases, sizeof(cases) / sizeof(*cases), builtin_rules);
}

/* The prefilter's promise: a call a since rule is about is a name that
 * can make a finding, as a function and as a raw syscall()'s number. */
static void since_calls_have_a_role(void **state)
{
	(void)state;
	assert_int_equal(fs_rules_name_role(platform_rules, "openat2"),
			 FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(platform_rules, "SYS_openat2"),
			 FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(platform_rules, "__NR_close_range"),
			 FS_ROLE_CALL);
	assert_int_equal(fs_rules_name_role(platform_rules, "SYS_fchmodat"),
			 FS_ROLE_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(named_in_checks_def),
		cmocka_unit_test(versions_parse),
		cmocka_unit_test(fchmodat_nofollow_glibc_236),
		cmocka_unit_test(fchmodat_nofollow_glibc_231),
		cmocka_unit_test(fchmodat_nofollow_glibc_239),
		cmocka_unit_test(fchmodat_nofollow_glibc_unknown),
		cmocka_unit_test(fchmodat_right_code),
		cmocka_unit_test(call_newer_than_kernel),
		cmocka_unit_test(flag_newer_than_kernel),
		cmocka_unit_test(faccessat_emulated),
		cmocka_unit_test(newer_flags),
		cmocka_unit_test(facts_of_one_way_of_calling),
		cmocka_unit_test(since_errors),
		cmocka_unit_test(since_calls_have_a_role),
	};

	return cmocka_run_group_tests(tests, setup_platform_rules,
					   free_state_rules);
}
