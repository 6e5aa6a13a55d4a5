/* test_check_call.c: fs_check_call's decisions and messages for calls. */
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	*state = rules;
	return 0;
}

#define EXPECT(call, text) \
	assert_string_equal(check_call_text(rules, call), text)

static void wrong_namespace_with_certain_fix(void **state)
{
	(void)state;
	EXPECT("open(path, AT_SYMLINK_NOFOLLOW)",
	       "flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
	       "AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; "
	       "use O_NOFOLLOW => O_NOFOLLOW\n");
	/* Spelled inside another macro: the fix cannot be applied. */
	EXPECT("open(path, !AT_SYMLINK_NOFOLLOW)",
	       "flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
	       "AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; "
	       "use O_NOFOLLOW\n");
	EXPECT("fstatat(fd, path, st, O_NOFOLLOW)",
	       "flagspace-wrong-namespace 3:0 O_NOFOLLOW is from the O_* "
	       "namespace, not AT_*: in fstatat() flags 0x20000 matches no "
	       "AT_* flag and the call fails with EINVAL; use "
	       "AT_SYMLINK_NOFOLLOW => AT_SYMLINK_NOFOLLOW\n");
}

static void wrong_namespace_without_suggestion(void **state)
{
	(void)state;
	EXPECT("openat(fd, path, AT_REMOVEDIR)",
	       "flagspace-wrong-namespace 2:0 AT_REMOVEDIR is from the AT_* "
	       "namespace, not O_*: in openat() flags 0x200 means O_TRUNC\n");
	EXPECT("eventfd(0, O_RDWR)",
	       "flagspace-wrong-namespace 1:0 O_RDWR is from the O_* "
	       "namespace, not EFD_*: in eventfd() flags 0x2 matches no EFD_* "
	       "flag and the call fails with EINVAL\n");
}

static void value_from_the_compiler_wins(void **state)
{
	(void)state;
	/* Another architecture: the bits the user really passes. */
	EXPECT("open(path, !AT_SYMLINK_NOFOLLOW=0x200)",
	       "flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
	       "AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC; "
	       "use O_NOFOLLOW\n");
	EXPECT("open(path, !AT_EMPTY_PATH=0x1042)",
	       "flagspace-wrong-namespace 1:0 AT_EMPTY_PATH is from the AT_* "
	       "namespace, not O_*: in open() flags 0x1042 means "
	       "O_RDWR|O_CREAT|O_DSYNC\n");
}

static void several_terms_each_reported(void **state)
{
	(void)state;
	EXPECT("open(path, O_RDONLY|AT_REMOVEDIR|AT_NO_AUTOMOUNT, 0)",
	       "flagspace-wrong-namespace 1:1 AT_REMOVEDIR is from the AT_* "
	       "namespace, not O_*: in open() flags 0x200 means O_TRUNC\n"
	       "flagspace-wrong-namespace 1:2 AT_NO_AUTOMOUNT is from the AT_* "
	       "namespace, not O_*: in open() flags 0x800 means O_NONBLOCK\n");
}

static void correct_calls_are_silent(void **state)
{
	(void)state;
	EXPECT("open(path, O_RDWR|O_CREAT|O_CLOEXEC, S_IRUSR|S_IWUSR)", "");
	EXPECT("linkat(a, b, c, d, AT_SYMLINK_FOLLOW|AT_EMPTY_PATH)", "");
	EXPECT("fstatat(fd, path, st, 0)", "");
	/* Plain numbers, variables and names the rules do not know. */
	EXPECT("open(path, 256)", "");
	EXPECT("open(path, flags)", "");
	EXPECT("open(path, MY_PRIVATE_FLAG)", "");
	/* Absent arguments and unknown functions. */
	EXPECT("open(path)", "");
	EXPECT("fstatat(fd, path)", "");
	EXPECT("close(AT_REMOVEDIR)", "");
}

static void unsupported_flag(void **state)
{
	(void)state;
	EXPECT("linkat(a, b, c, d, AT_SYMLINK_NOFOLLOW)",
	       "flagspace-unsupported-flag 4:0 AT_SYMLINK_NOFOLLOW is not "
	       "accepted by linkat() flags: the call fails with EINVAL; it "
	       "takes AT_SYMLINK_FOLLOW, AT_EMPTY_PATH\n");
	EXPECT("faccessat(fd, path, R_OK, AT_EMPTY_PATH)",
	       "flagspace-unsupported-flag 3:0 AT_EMPTY_PATH is not accepted "
	       "by faccessat() flags: it is ignored; it takes AT_EACCESS, "
	       "AT_SYMLINK_NOFOLLOW\n");
	/* A flag that is 0 on this architecture sets nothing. */
	EXPECT("linkat(a, b, c, d, AT_SYMLINK_NOFOLLOW=0)", "");
}

static void effect_of_bits_not_taken(void **state)
{
	(void)state;
	/* O_WRONLY is a flag of the expected namespace, but not one dup3()
	 * takes. */
	EXPECT("dup3(fd, 3, FD_CLOEXEC)",
	       "flagspace-wrong-namespace 2:0 FD_CLOEXEC is from the FD_* "
	       "namespace, not O_*: in dup3() flags 0x1 means O_WRONLY and the "
	       "call fails with EINVAL; use O_CLOEXEC => O_CLOEXEC\n");
	EXPECT("open(path, !AT_EMPTY_PATH=0x1008)",
	       "flagspace-wrong-namespace 1:0 AT_EMPTY_PATH is from the AT_* "
	       "namespace, not O_*: in open() flags 0x1008 means O_DSYNC plus "
	       "unknown bits 0x8 and is ignored\n");
	EXPECT("open(path, AT_FDCWD)",
	       "flagspace-wrong-namespace 1:0 AT_FDCWD is from the AT_* "
	       "namespace, not O_*: in open() flags -100 is negative, so it "
	       "sets every bit but 0x63 and is ignored\n");
	/* 0 sets nothing: no effect. O_RDONLY, the 0 of the O_ACCMODE
	 * field, is nothing dup3() takes, nor what a 0 among flags adds
	 * (issue 22: "in fstatat() flags 0x0 means AT_STATX_SYNC_AS_STAT"). */
	EXPECT("dup3(fd, 3, !FD_CLOEXEC=0)",
	       "flagspace-wrong-namespace 2:0 FD_CLOEXEC is from the FD_* "
	       "namespace, not O_*: in dup3() flags 0x0 is 0 and has no "
	       "effect; use O_CLOEXEC\n");
}

static void unsupported_but_same_bits(void **state)
{
	(void)state;
	/* AT_REMOVEDIR is AT_EACCESS by design: say what it does there. */
	EXPECT("faccessat(fd, path, R_OK, AT_REMOVEDIR)",
	       "flagspace-unsupported-flag 3:0 AT_REMOVEDIR is not accepted by "
	       "faccessat() flags: 0x200 means AT_EACCESS there\n");
	EXPECT("dup3(fd, 3, O_CLOEXEC|O_NONBLOCK)",
	       "flagspace-unsupported-flag 2:1 O_NONBLOCK is not accepted by "
	       "dup3() flags: the call fails with EINVAL; it takes O_CLOEXEC\n");
}

static void number_argument(void **state)
{
	(void)state;
	EXPECT("fcntl(fd, F_DUPFD_CLOEXEC, O_CLOEXEC)",
	       "flagspace-wrong-namespace 2:0 O_CLOEXEC is a flag, but "
	       "fcntl(F_DUPFD_CLOEXEC) arg is not a flag argument: 0x80000 is "
	       "used as a number\n");
	EXPECT("fcntl(fd, F_DUPFD, 3)", "");
}

/* zero-unless=: a mode certainly 0 with a creating flag, unless one of
 * the named flags is there. */
static void zero_mode(void **state)
{
	fs_rules *r = rules_from(
		"namespace O prefix=O_\nO_WRONLY 1\nO_CREAT 0x40\nO_EXCL 0x80\n"
		"namespace S prefix=S_I\nS_IRUSR 0400\n"
		"call open flags(1) O\ncall open mode(2) S\n"
		"call creat mode(1) S\n"
		"needs-mode open flags(1) mode(2) O_CREAT zero-unless=O_EXCL\n");

	(void)state;
	assert_string_equal(check_call_text(r, "open(p, O_CREAT|O_WRONLY, 0)"),
		"flagspace-missing-mode 2:0 mode 0 with O_CREAT in open() "
		"flags: open() creates the file with no permission for anyone, "
		"so it cannot be opened again (but by root); give the mode, such "
		"as 0644 or 0600\n");
	assert_string_equal(check_call_text(r, "open(p, ?O_CREAT, 0)"),
		"flagspace-missing-mode 2:0 mode 0 with O_CREAT in open() "
		"flags: open() creates the file with no permission for anyone, "
		"so it cannot be opened again (but by root); give the mode, such "
		"as 0644 or 0600\n");
	assert_string_equal(check_call_text(r, "open(p, O_CREAT|O_EXCL, 0)"),
			    "");
	assert_string_equal(check_call_text(r, "open(p, O_CREAT, S_IRUSR)"),
			    "");
	assert_string_equal(check_call_text(r, "open(p, O_CREAT, mode)"), "");
	assert_string_equal(check_call_text(r, "open(p, O_WRONLY, 0)"), "");
	/* Only where the rule says zero-unless=; a record cannot. */
	static const char more[] = "namespace T prefix=T_\nT_C 1\n"
				   "call other f(0) T\ncall other m(1) S\n"
				   "needs-mode other f(0) m(1) T_C\n";
	assert_int_equal(fs_rules_add_text(r, "t.rules", more,
					   sizeof(more) - 1, NULL, NULL), 0);
	assert_string_equal(check_call_text(r, "other(T_C, 0)"), "");
	fs_rules_free(r);
}

/* A mode `-`: the function takes none, and a creating flag aborts the
 * program (glibc's __open_2); other flags are left to the other rules. */
static void no_mode_aborts(void **state)
{
	fs_rules *r = rules_from(
		"namespace O prefix=O_\nO_RDWR 2\nO_CREAT 0x40\n"
		"O_TMPFILE 0x410000\n"
		"call __open_2 flags(1) O\n"
		"needs-mode __open_2 flags(1) - O_CREAT,O_TMPFILE "
		"instead=open\n");

#define ABORTS(at, flag) "flagspace-missing-mode " at " " flag " in " \
	"__open_2() flags needs a mode, which __open_2() does not take: " \
	"the C library aborts the program; call open() with the mode\n"
	(void)state;
	assert_string_equal(check_call_text(r, "__open_2(p, O_TMPFILE|O_RDWR)"),
			    ABORTS("1:0", "O_TMPFILE"));
	assert_string_equal(check_call_text(r, "__open_2(p, O_RDWR|?O_CREAT)"),
			    ABORTS("1:1", "O_CREAT"));
#undef ABORTS
	assert_string_equal(check_call_text(r, "__open_2(p, O_RDWR)"), "");
	assert_string_equal(check_call_text(r, "__open_2(p, flags)"), "");
	fs_rules_free(r);
}

static void same_prefix_namespaces_are_described(void **state)
{
	fs_rules *r = rules_from(
		"namespace MNT prefix=MS_ desc=\"mount(2) mountflags\"\n"
		"MS_RDONLY 1\n"
		"namespace MSYNC prefix=MS_ desc=\"msync(2) flags\"\n"
		"MS_ASYNC 1\n"
		"namespace NODESC prefix=MS_\nMS_OTHER 4\n"
		"call msync flags(2) MSYNC bits=einval\n"
		"call other flags(0) NODESC\n");

	(void)state;
	assert_string_equal(check_call_text(r, "msync(p, n, MS_RDONLY)"),
		"flagspace-wrong-namespace 2:0 MS_RDONLY is from the MS_* "
		"namespace (mount(2) mountflags), not MS_* (msync(2) flags): in "
		"msync() flags 0x1 means MS_ASYNC\n");
	/* Without a desc, the namespace's name tells them apart. */
	assert_string_equal(check_call_text(r, "other(MS_RDONLY)"),
		"flagspace-wrong-namespace 0:0 MS_RDONLY is from the MS_* "
		"namespace (mount(2) mountflags), not MS_* (NODESC): in other() "
		"flags 0x1 matches no MS_* flag and is ignored\n");
	fs_rules_free(r);
}

static void when_conditions(void **state)
{
	(void)state;
	EXPECT("fcntl(fd, F_SETFD, O_CLOEXEC)",
	       "flagspace-wrong-namespace 2:0 O_CLOEXEC is from the O_* "
	       "namespace, not FD_*: in fcntl(F_SETFD) arg 0x80000 matches no "
	       "FD_* flag and is ignored\n");
	EXPECT("fcntl(fd, F_SETFL, FD_CLOEXEC)",
	       "flagspace-wrong-namespace 2:0 FD_CLOEXEC is from the FD_* "
	       "namespace, not O_*: in fcntl(F_SETFL) arg 0x1 means O_WRONLY "
	       "and is ignored\n");
	EXPECT("fcntl(fd, F_SETFD, FD_CLOEXEC)", "");
	EXPECT("fcntl(fd, F_SETFL, O_NONBLOCK|O_APPEND)", "");
	/* No rule applies to other commands, or to an unknown one. */
	EXPECT("fcntl(fd, F_GETLK, O_CLOEXEC)", "");
	EXPECT("fcntl(fd, cmd, O_CLOEXEC)", "");
	EXPECT("fcntl(fd, F_SETFD|F_SETFL, O_CLOEXEC)", "");
	EXPECT("fcntl(fd)", "");
}

static void raw_syscall_shift(void **state)
{
	(void)state;
	EXPECT("syscall(SYS_openat=257, fd, path, AT_SYMLINK_NOFOLLOW)",
	       "flagspace-wrong-namespace 3:0 AT_SYMLINK_NOFOLLOW is from the "
	       "AT_* namespace, not O_*: in syscall(SYS_openat) flags 0x100 "
	       "means O_NOCTTY; use O_NOFOLLOW => O_NOFOLLOW\n");
	EXPECT("syscall(__NR_openat=257, fd, path, AT_REMOVEDIR)",
	       "flagspace-wrong-namespace 3:0 AT_REMOVEDIR is from the AT_* "
	       "namespace, not O_*: in syscall(__NR_openat) flags 0x200 means "
	       "O_TRUNC\n");
	EXPECT("syscall(SYS_fcntl=72, fd, F_SETFD, O_CLOEXEC)",
	       "flagspace-wrong-namespace 3:0 O_CLOEXEC is from the O_* "
	       "namespace, not FD_*: in syscall(SYS_fcntl, F_SETFD) arg 0x80000 "
	       "matches no FD_* flag and is ignored\n");
	EXPECT("syscall(SYS_open=2, path, O_CREAT)",
	       "flagspace-missing-mode 2:0 O_CREAT in syscall(SYS_open) flags "
	       "needs a mode argument: without it syscall(SYS_open) creates the "
	       "file with unpredictable permissions\n");
	EXPECT("syscall(SYS_openat=257, fd, path, O_RDONLY)", "");
	EXPECT("syscall(SYS_unknown=999, fd, path, AT_REMOVEDIR)", "");
	EXPECT("syscall(nr, fd, path, AT_REMOVEDIR)", "");
	EXPECT("syscall()", "");
}

static void raw_syscall_own_rules(void **state)
{
	(void)state;
	/* SYS_faccessat's rules replace faccessat's: no flags argument. */
	EXPECT("syscall(SYS_faccessat=269, fd, path, R_OK, AT_EMPTY_PATH)", "");
	EXPECT("syscall(SYS_faccessat=269, fd, path, O_RDONLY)",
	       "flagspace-wrong-namespace 3:0 O_RDONLY is from the O_* "
	       "namespace, not _OK*: in syscall(SYS_faccessat) mode 0x0 means "
	       "F_OK\n");
}

static void same_members_are_not_reported(void **state)
{
	(void)state;
	EXPECT("eventfd(0, O_CLOEXEC|O_NONBLOCK)", "");
	EXPECT("open(path, EFD_CLOEXEC)", "");
	EXPECT("open(path, EFD_SEMAPHORE)",
	       "flagspace-wrong-namespace 1:0 EFD_SEMAPHORE is from the EFD_* "
	       "namespace, not O_*: in open() flags 0x1 means O_WRONLY\n");
}

static void missing_mode(void **state)
{
	(void)state;
	EXPECT("open(path, O_CREAT|O_WRONLY)",
	       "flagspace-missing-mode 1:0 O_CREAT in open() flags needs a mode "
	       "argument: without it open() creates the file with unpredictable "
	       "permissions\n");
	EXPECT("open64(path, O_WRONLY|O_TMPFILE)",
	       "flagspace-missing-mode 1:1 O_TMPFILE in open64() flags needs a "
	       "mode argument: without it open64() creates the file with "
	       "unpredictable permissions\n");
	EXPECT("openat(fd, path, ?O_CREAT)",
	       "flagspace-missing-mode 2:0 O_CREAT in openat() flags needs a "
	       "mode argument: without it openat() creates the file with "
	       "unpredictable permissions\n");
	EXPECT("open(path, O_CREAT, 0644)", "");
	EXPECT("open(path, O_CREAT, mode)", "");
	/* Under ~ the flag is cleared, not set. */
	EXPECT("open(path, ~O_CREAT)", "");
	EXPECT("open(path, flags)", "");
}

static void suggestions_in_other_arguments(void **state)
{
	fs_rules *own = rules_from(sample_rules);
	diag_log log = { "", 0, 0 };
	const char *more =
		"call myopen flags(1) O\n"
		"call myopen resolve(2) RESOLVE\n"
		"equivalent AT_NO_AUTOMOUNT RESOLVE_NO_TERMINAL_AUTOMOUNTS "
		"never-merged\n"
		"equivalent AT_NO_AUTOMOUNT RESOLVE_NO_XDEV_AUTOMOUNTS "
		"never-merged\n";

	(void)state;
	assert_int_equal(load_text(own, more, &log), 0);
	assert_string_equal(log.text, "");
	assert_string_equal(check_call_text(own,
		"myopen(path, AT_SYMLINK_NOFOLLOW, 0)"),
		"flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
		"AT_* namespace, not O_*: in myopen() flags 0x100 means "
		"O_NOCTTY; use O_NOFOLLOW for the trailing symlink; or "
		"RESOLVE_NO_SYMLINKS in myopen() resolve for every component\n");
	assert_string_equal(check_call_text(own,
		"myopen(path, 0, AT_SYMLINK_NOFOLLOW)"),
		"flagspace-wrong-namespace 2:0 AT_SYMLINK_NOFOLLOW is from the "
		"AT_* namespace, not RESOLVE_*: in myopen() resolve 0x100 "
		"matches no RESOLVE_* flag and is ignored; use "
		"RESOLVE_NO_SYMLINKS for every component; or O_NOFOLLOW in "
		"myopen() flags for the trailing symlink\n");
	assert_string_equal(check_call_text(own,
		"myopen(path, 0, AT_EMPTY_PATH)"),
		"flagspace-wrong-namespace 2:0 AT_EMPTY_PATH is from the AT_* "
		"namespace, not RESOLVE_*: in myopen() resolve 0x1000 matches no "
		"RESOLVE_* flag and is ignored; RESOLVE_EMPTY_PATH was proposed "
		"in 2020 but never reached the kernel\n");
	assert_string_equal(check_call_text(own,
		"myopen(path, 0, AT_NO_AUTOMOUNT)"),
		"flagspace-wrong-namespace 2:0 AT_NO_AUTOMOUNT is from the AT_* "
		"namespace, not RESOLVE_*: in myopen() resolve 0x800 matches no "
		"RESOLVE_* flag and is ignored; RESOLVE_NO_TERMINAL_AUTOMOUNTS, "
		"RESOLVE_NO_XDEV_AUTOMOUNTS were proposed in 2020 but never "
		"reached the kernel\n");
	fs_rules_free(own);
}

static void never_merged_only_where_its_namespace_is(void **state)
{
	(void)state;
	/* open() has no RESOLVE_ argument: the proposal is beside the point. */
	EXPECT("open(path, AT_EMPTY_PATH)",
	       "flagspace-wrong-namespace 1:0 AT_EMPTY_PATH is from the AT_* "
	       "namespace, not O_*: in open() flags 0x1000 means O_DSYNC\n");
}

static void it_belongs_in_another_argument(void **state)
{
	(void)state;
	EXPECT("open(path, S_IRUSR)",
	       "flagspace-wrong-namespace 1:0 S_IRUSR is from the S_I* "
	       "namespace, not O_*: in open() flags 0x100 means O_NOCTTY; it "
	       "belongs in open() mode\n");
	EXPECT("open(path, O_CREAT, O_RDWR)",
	       "flagspace-wrong-namespace 2:0 O_RDWR is from the O_* namespace, "
	       "not S_I*: in open() mode 0x2 matches no S_I* flag and is "
	       "ignored; it belongs in open() flags\n");
}

/* Two offers are a choice: no fix, even for a certain one. */
static void fix_needs_one_certain_equivalent(void **state)
{
	fs_rules *own = rules_from(sample_rules);
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(own, "equivalent AT_SYMLINK_NOFOLLOW "
				   "O_NOCTTY certain\n", &log), 0);
	assert_string_equal(check_call_text(own, "open(path, "
					    "AT_SYMLINK_NOFOLLOW)"),
		"flagspace-wrong-namespace 1:0 AT_SYMLINK_NOFOLLOW is from the "
		"AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; "
		"use O_NOFOLLOW for the trailing symlink; or O_NOCTTY\n");
	/* One offer, but not marked certain. */
	assert_int_equal(load_text(own, "equivalent AT_REMOVEDIR O_TRUNC\n",
				   &log), 0);
	assert_string_equal(check_call_text(own, "open(path, AT_REMOVEDIR)"),
		"flagspace-wrong-namespace 1:0 AT_REMOVEDIR is from the AT_* "
		"namespace, not O_*: in open() flags 0x200 means O_TRUNC; use "
		"O_TRUNC\n");
	fs_rules_free(own);
}

static void unknown_namespace_is_not_checked(void **state)
{
	fs_rules *own = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	/* The file is refused whole: no half-known rule is kept. */
	assert_int_equal(load_text(own, "namespace O prefix=O_\nO_CREAT 0100\n"
				   "call foo flags(1) O|NOPE\n", &log), -1);
	assert_string_equal(log.text, "t.rules:3:21: error: unknown "
			    "namespace 'NOPE'\n");
	assert_string_equal(check_call_text(own, "foo(x, O_CREAT)"), "");
	fs_rules_free(own);
}

static void null_arguments(void **state)
{
	fs_findings f = { 0 };
	fs_call call = { NULL, NULL, 0 };

	(void)state;
	assert_int_equal(fs_check_call(rules, &call, &f), 0);
	assert_int_equal(fs_check_call(NULL, &call, &f), 0);
	assert_int_equal(f.count, 0);
	fs_findings_free(&f);
}

static void name_queries(void **state)
{
	(void)state;
	assert_true(fs_rules_knows_macro(rules, "O_CREAT"));
	assert_true(fs_rules_knows_macro(rules, "O_NDELAY"));
	assert_true(fs_rules_knows_macro(rules, "F_SETFD"));
	assert_true(fs_rules_knows_macro(rules, "SYS_openat"));
	assert_true(fs_rules_knows_macro(rules, "__NR_faccessat"));
	assert_false(fs_rules_knows_macro(rules, "SYS_close"));
	assert_false(fs_rules_knows_macro(rules, "SYS_"));
	assert_false(fs_rules_knows_macro(rules, "O_NOPE"));
	assert_true(fs_rules_knows_function(rules, "open64"));
	assert_true(fs_rules_knows_function(rules, "syscall"));
	assert_true(fs_rules_knows_function(rules, "SYS_faccessat"));
	assert_false(fs_rules_knows_function(rules, "close"));
	assert_true(fs_rules_knows_record(rules, "open_how"));
	assert_false(fs_rules_knows_record(rules, "stat"));
	assert_false(fs_rules_knows_macro(NULL, "O_CREAT"));
	assert_false(fs_rules_knows_macro(rules, NULL));
}

/* swappable: one finding for the pair, the flags not reported again. */
static void swapped_arguments(void **state)
{
	fs_rules *own = rules_from(
		"namespace SEEK prefix=SEEK_\n"
		"SEEK_SET 0 value=field\nSEEK_END 2 value=field\n"
		"namespace AT prefix=AT_\nAT_SYMLINK_NOFOLLOW 0x100\n"
		"namespace STATX prefix=STATX_\nSTATX_BTIME 0x800\n"
		"call lseek offset(1) -\n"
		"call lseek whence(2) SEEK bits=einval\n"
		"swappable lseek offset(1) whence(2)\n"
		"call statx flags(2) AT bits=einval\n"
		"call statx mask(3) STATX\n"
		"swappable statx flags(2) mask(3)\n");

	(void)state;
	assert_string_equal(check_call_text(own, "lseek(fd, SEEK_END, 0)"),
			    "flagspace-swapped-arguments 1:* lseek() offset and "
			    "whence are swapped: SEEK_END belongs in lseek() "
			    "whence and the number in lseek() offset\n");
	assert_string_equal(check_call_text(own,
			    "statx(fd, p, STATX_BTIME, AT_SYMLINK_NOFOLLOW, b)"),
			    "flagspace-swapped-arguments 2:* statx() flags and "
			    "mask are swapped: STATX_BTIME belongs in statx() "
			    "mask and AT_SYMLINK_NOFOLLOW in statx() flags\n");
	/* Only one of them wrong: not a swap. */
	assert_string_equal(check_call_text(own, "statx(fd, p, STATX_BTIME, 0, b)"),
			    "flagspace-wrong-namespace 2:0 STATX_BTIME is from "
			    "the STATX_* namespace, not AT_*: in statx() flags "
			    "0x800 matches no AT_* flag and the call fails with "
			    "EINVAL; it belongs in statx() mask\n");
	assert_string_equal(check_call_text(own, "lseek(fd, 0, SEEK_END)"), "");
	assert_string_equal(check_call_text(own, "lseek(fd, n, SEEK_END)"), "");
	/* A flag that is 0 stands for the offset 0. */
	assert_string_equal(check_call_text(own, "lseek(fd, SEEK_END, SEEK_SET)"),
			    "flagspace-swapped-arguments 1:* lseek() offset and "
			    "whence are swapped: SEEK_END belongs in lseek() "
			    "whence and the number in lseek() offset\n");
	/* The same flags on both sides: swapping changes nothing. */
	assert_string_equal(check_call_text(own, "lseek(fd, SEEK_SET, SEEK_SET)"),
			    "flagspace-wrong-namespace 1:0 SEEK_SET is a flag, "
			    "but lseek() offset is not a flag argument: 0x0 is "
			    "used as a number\n");
	fs_rules_free(own);
}

/* replaces: an argument that is the new value of the flags clears those
 * it does not give; said only where the whole value is known. */
static void replacing_argument(void **state)
{
	fs_rules *own = rules_from(
		"namespace O prefix=O_\nO_NONBLOCK 0x800\nO_APPEND 0x400\n"
		"O_CLOEXEC 0x80000\nO_ACCMODE 3 value=field\n"
		"namespace FD prefix=FD_\nFD_CLOEXEC 1\n"
		"namespace F prefix=F_ kind=enum\nF_SETFD 2\nF_SETFL 4\n"
		"call fcntl cmd(1) F\n"
		"call fcntl arg(2) FD replaces when=cmd(1):F_SETFD\n"
		"call fcntl arg(2) O:NONBLOCK,APPEND replaces "
		"when=cmd(1):F_SETFL\n");

	(void)state;
	assert_string_equal(check_call_text(own, "fcntl(fd, F_SETFD, O_CLOEXEC)"),
			    "flagspace-wrong-namespace 2:0 O_CLOEXEC is from the "
			    "O_* namespace, not FD_*: in fcntl(F_SETFD) arg "
			    "0x80000 matches no FD_* flag and is ignored; "
			    "the call replaces the flags with its "
			    "argument, so it clears FD_CLOEXEC\n");
	/* Only the flags the value leaves out are cleared. */
	assert_string_equal(check_call_text(own,
			    "fcntl(fd, F_SETFL, O_NONBLOCK|FD_CLOEXEC)"),
			    "flagspace-wrong-namespace 2:1 FD_CLOEXEC is from the "
			    "FD_* namespace, not O_*: in fcntl(F_SETFL) arg 0x1 "
			    "matches no O_* flag and is ignored; the call "
			    "replaces the flags with its argument, so it clears "
			    "O_APPEND\n");
	/* Another part not known: what is cleared is not known either. */
	assert_string_equal(check_call_text(own,
			    "fcntl(fd, F_SETFD, fl|O_CLOEXEC)"),
			    "flagspace-wrong-namespace 2:0 O_CLOEXEC is from the "
			    "O_* namespace, not FD_*: in fcntl(F_SETFD) arg "
			    "0x80000 matches no FD_* flag and is ignored\n");
	fs_rules_free(own);
}

/* result: a test of a call's result against another namespace. */
static void tested_result(void **state)
{
	fs_rules *own = rules_from(
		"namespace F_CMD prefix=F_\nF_GETFD 1 value=field\n"
		"namespace FD prefix=FD_\nFD_CLOEXEC 1\n"
		"namespace O prefix=O_\nO_CLOEXEC 0x80000\n"
		"equivalent O_CLOEXEC FD_CLOEXEC certain\n"
		"call fcntl cmd(1) F_CMD\n"
		"result fcntl FD when=cmd(1):F_GETFD\n");
	fs_value mask = { 0 };
	fs_term term = { "O_CLOEXEC", 0x80000, 1, FS_TERM_FIXABLE };
	fs_term args_terms[2] = { { NULL, 3, 1, 0 }, { "F_GETFD", 1, 1, 0 } };
	fs_value args[2] = { term_value(&args_terms[0]),
			     term_value(&args_terms[1]) };
	fs_call call = { "fcntl", args, 2 };
	fs_findings f = { 0 };

	(void)state;
	mask = term_value(&term);
	assert_int_equal(fs_check_result(own, &call, &mask, &f), 0);
	assert_int_equal(f.count, 1);
	assert_string_equal(f.items[0].message,
			    "O_CLOEXEC is from the O_* namespace, not FD_*: in "
			    "fcntl(F_GETFD) result 0x80000 matches no FD_* "
			    "flag; use FD_CLOEXEC");
	assert_string_equal(f.items[0].fix, "FD_CLOEXEC");
	/* The call's own arguments never see the result rule. */
	assert_string_equal(check_call_text(own, "fcntl(fd, F_GETFD)"), "");
	/* What the front end asks before describing a tested result: open
	 * has argument rules only, and its tests find nothing. */
	assert_true(fs_rules_reads_result(own, "fcntl"));
	assert_true(fs_rules_reads_result(own, "syscall"));
	assert_false(fs_rules_reads_result(rules, "open"));
	assert_false(fs_rules_reads_result(own, "close"));
	assert_false(fs_rules_reads_result(NULL, "fcntl"));
	fs_findings_clear(&f);
	call.callee = "open";
	assert_int_equal(fs_check_result(rules, &call, &mask, &f), 0);
	assert_int_equal(f.count, 0);
	fs_findings_free(&f);
	fs_rules_free(own);
}

/* result ... never=: a flag of the result's namespace that it never
 * holds is reported where the result is tested, with the getter whose
 * result holds its certain equivalent; the flags it may hold are not. */
static void result_never_holds(void **state)
{
	fs_rules *own = rules_from(
		"namespace F_CMD prefix=F_ kind=enum\nF_GETFD 1\nF_GETFL 3\n"
		"namespace FD prefix=FD_\nFD_CLOEXEC 1\n"
		"namespace O prefix=O_\nO_NONBLOCK 0x800\nO_CREAT 0x40\n"
		"O_DIRECTORY 0x10000\nO_CLOEXEC 0x80000\n"
		"equivalent O_CLOEXEC FD_CLOEXEC certain\n"
		"call fcntl cmd(1) F_CMD\n"
		"result fcntl FD when=cmd(1):F_GETFD\n"
		"result fcntl O:NONBLOCK when=cmd(1):F_GETFL "
		"never=O_CLOEXEC,O_CREAT\n");
	fs_term t[2] = { { NULL, 3, 1, 0 }, { "F_GETFL", 3, 1, 0 } };
	fs_value args[2] = { term_value(&t[0]), term_value(&t[1]) };
	fs_call call = { "fcntl", args, 2 };
	fs_term flag = { "O_CLOEXEC", 0x80000, 1, FS_TERM_FIXABLE };
	fs_value mask = term_value(&flag);
	fs_findings f = { 0 };

	(void)state;
	assert_int_equal(fs_check_result(own, &call, &mask, &f), 0);
	assert_int_equal(f.count, 1);
	assert_string_equal(fs_check_name(f.items[0].check),
			    "flagspace-unsupported-flag");
	assert_string_equal(f.items[0].message,
			    "O_CLOEXEC is never in fcntl(F_GETFL) result, so a "
			    "test for it is always false; test the "
			    "fcntl(F_GETFD) result for FD_CLOEXEC");
	assert_null(f.items[0].fix);
	assert_string_equal(fs_consequence_name(f.items[0].consequence),
			    "misbehaves");
	fs_findings_clear(&f);
	/* No equivalent: no getter to name. */
	flag = (fs_term){ "O_CREAT", 0x40, 1, FS_TERM_FIXABLE };
	assert_int_equal(fs_check_result(own, &call, &mask, &f), 0);
	assert_int_equal(f.count, 1);
	assert_string_equal(f.items[0].message,
			    "O_CREAT is never in fcntl(F_GETFL) result, so a "
			    "test for it is always false");
	fs_findings_clear(&f);
	/* Not in the subset, but not said never: it may be there. */
	flag = (fs_term){ "O_DIRECTORY", 0x10000, 1, FS_TERM_FIXABLE };
	assert_int_equal(fs_check_result(own, &call, &mask, &f), 0);
	assert_int_equal(f.count, 0);
	fs_findings_free(&f);
	fs_rules_free(own);
}

/* never= names known members. */
static void result_never_names_members(void **state)
{
	fs_rules *own = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(own, "namespace O prefix=O_\nO_A 1\n"
				   "call g x(0) O\nresult g O never=O_NOPE\n",
				   &log), -1);
	assert_non_null(strstr(log.text, "'O_NOPE' is not a member of any "
			       "namespace"));
	fs_rules_free(own);
}

/* A result written back through another command: wrong where what it
 * holds is of no namespace the argument takes; the getter of the right
 * one is named. */
static void result_written_back(void **state)
{
	fs_rules *own = rules_from(
		"namespace F_CMD prefix=F_ kind=enum\nF_GETFD 1\nF_SETFD 2\n"
		"F_GETFL 3\nF_SETFL 4\n"
		"namespace FD prefix=FD_\nFD_CLOEXEC 1\n"
		"namespace O prefix=O_\nO_NONBLOCK 0x800\n"
		"call fcntl cmd(1) F_CMD\n"
		"call fcntl arg(2) FD when=cmd(1):F_SETFD\n"
		"call fcntl arg(2) O when=cmd(1):F_SETFL\n"
		"result fcntl FD when=cmd(1):F_GETFD\n"
		"result fcntl O when=cmd(1):F_GETFL\n");
	fs_term t[4] = { { NULL, 3, 1, 0 }, { "F_SETFD", 2, 1, 0 },
			 { "F_GETFL", 3, 1, 0 }, { "F_GETFD", 1, 1, 0 } };
	fs_value outer_args[3] = { term_value(&t[0]), term_value(&t[1]),
				   { NULL, 0, 1, NULL, 0 } };
	fs_value getfl[2] = { term_value(&t[0]), term_value(&t[2]) };
	fs_value getfd[2] = { term_value(&t[0]), term_value(&t[3]) };
	fs_call outer = { "fcntl", outer_args, 3 };
	fs_call wrong = { "fcntl", getfl, 2 }, right = { "fcntl", getfd, 2 };
	fs_findings f = { 0 };

	(void)state;
	assert_int_equal(fs_check_result_into(own, &outer, 2, &wrong, &f), 0);
	assert_int_equal(f.count, 1);
	assert_int_equal(f.items[0].slot, 2);
	assert_true(f.items[0].term == FS_WHOLE_VALUE);
	assert_string_equal(f.items[0].message,
			    "fcntl(F_GETFL) result holds O_* flags, but "
			    "fcntl(F_SETFD) arg takes FD_*: written back there, "
			    "its bits mean something else; use F_GETFD");
	fs_findings_clear(&f);
	assert_int_equal(fs_check_result_into(own, &outer, 2, &right, &f), 0);
	assert_int_equal(f.count, 0);
	/* An inner command without a result rule: nothing is known. */
	assert_int_equal(fs_check_result_into(own, &outer, 2, &outer, &f), 0);
	assert_int_equal(f.count, 0);
	fs_findings_free(&f);
	fs_rules_free(own);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(wrong_namespace_with_certain_fix),
		cmocka_unit_test(wrong_namespace_without_suggestion),
		cmocka_unit_test(value_from_the_compiler_wins),
		cmocka_unit_test(several_terms_each_reported),
		cmocka_unit_test(correct_calls_are_silent),
		cmocka_unit_test(unsupported_flag),
		cmocka_unit_test(effect_of_bits_not_taken),
		cmocka_unit_test(unsupported_but_same_bits),
		cmocka_unit_test(number_argument),
		cmocka_unit_test(same_prefix_namespaces_are_described),
		cmocka_unit_test(when_conditions),
		cmocka_unit_test(raw_syscall_shift),
		cmocka_unit_test(zero_mode),
		cmocka_unit_test(no_mode_aborts),
		cmocka_unit_test(raw_syscall_own_rules),
		cmocka_unit_test(same_members_are_not_reported),
		cmocka_unit_test(missing_mode),
		cmocka_unit_test(suggestions_in_other_arguments),
		cmocka_unit_test(never_merged_only_where_its_namespace_is),
		cmocka_unit_test(it_belongs_in_another_argument),
		cmocka_unit_test(fix_needs_one_certain_equivalent),
		cmocka_unit_test(unknown_namespace_is_not_checked),
		cmocka_unit_test(null_arguments),
		cmocka_unit_test(name_queries),
		cmocka_unit_test(swapped_arguments),
		cmocka_unit_test(replacing_argument),
		cmocka_unit_test(result_never_holds),
		cmocka_unit_test(result_never_names_members),
		cmocka_unit_test(result_written_back),
		cmocka_unit_test(tested_result),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
