/* test_reserved.c: arguments that must be 0 (the accepted form `0`), and
 * the bits= effects eopnotsupp and unread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_helpers.h"

static fs_rules *rules;
static char text[1024];

static int setup(void **state)
{
	rules = rules_from(
		"namespace O prefix=O_\n"
		"O_RDONLY 0\nO_WRONLY 1\nO_CLOEXEC 0x80000\n"
		"namespace AT prefix=AT_\n"
		"AT_EACCESS 0x200\nAT_SYMLINK_NOFOLLOW 0x100\n"
		"namespace FALLOC prefix=FALLOC_FL_\n"
		"FALLOC_FL_KEEP_SIZE 1\nFALLOC_FL_PUNCH_HOLE 2\n"
		"call getfd flags(2) 0 bits=einval\n"
		"call quiet flags(0) 0\n"
		"call twoargs path(0) O\n"
		"call twoargs flags(1) 0 bits=einval\n"
		"call SYS_access3 flags(3) 0 bits=unread\n"
		"call falloc mode(1) FALLOC:KEEP_SIZE bits=eopnotsupp\n");
	*state = rules;
	return 0;
}

#define EXPECT(call, want) \
	assert_string_equal(check_call_text(rules, call), want)

static void flag_in_reserved_argument(void **state)
{
	(void)state;
	EXPECT("getfd(pidfd, fd, O_CLOEXEC)",
	       "flagspace-unsupported-flag 2:0 O_CLOEXEC is a flag, but "
	       "getfd() flags must be 0: 0x80000 there makes the call fail "
	       "with EINVAL\n");
	/* The compiler's value wins over the rules'. */
	EXPECT("getfd(pidfd, fd, O_CLOEXEC=0x40)",
	       "flagspace-unsupported-flag 2:0 O_CLOEXEC is a flag, but "
	       "getfd() flags must be 0: 0x40 there makes the call fail "
	       "with EINVAL\n");
	/* bits=ignored is the default. */
	EXPECT("quiet(AT_EACCESS)",
	       "flagspace-unsupported-flag 0:0 AT_EACCESS is a flag, but "
	       "quiet() flags must be 0: 0x200 there is ignored\n");
}

static void zero_and_numbers_are_fine(void **state)
{
	(void)state;
	EXPECT("getfd(pidfd, fd, 0)", "");
	EXPECT("getfd(pidfd, fd, flags)", "");
	/* A named flag whose value is 0 sets nothing, nor does a cleared
	 * one. */
	EXPECT("getfd(pidfd, fd, O_RDONLY)", "");
	EXPECT("getfd(pidfd, fd, flags|~O_CLOEXEC)", "");
	/* A number is not a flag: flagspace-unnamed-number judges it. */
	EXPECT("getfd(pidfd, fd, 4)",
	       "flagspace-unnamed-number 2:0 0x4 in getfd() flags is no flag "
	       "it takes: the call fails with EINVAL; pass 0\n");
}

static void suggests_where_the_flag_belongs(void **state)
{
	(void)state;
	EXPECT("twoargs(O_RDONLY, O_WRONLY)",
	       "flagspace-unsupported-flag 1:0 O_WRONLY is a flag, but "
	       "twoargs() flags must be 0: 0x1 there makes the call fail with "
	       "EINVAL; it belongs in twoargs() path\n");
}

static void unread_argument_of_a_raw_syscall(void **state)
{
	(void)state;
	EXPECT("syscall(SYS_access3=1000, fd, path, mode, AT_EACCESS)",
	       "flagspace-unsupported-flag 4:0 AT_EACCESS is a flag, but "
	       "syscall(SYS_access3) flags is an argument the call does not "
	       "read: 0x200 there is never read\n");
	EXPECT("syscall(SYS_access3=1000, fd, path, mode, 0)", "");
	EXPECT("syscall(SYS_access3=1000, fd, path, mode)", "");
}

static void eopnotsupp_effect(void **state)
{
	(void)state;
	EXPECT("falloc(fd, FALLOC_FL_PUNCH_HOLE, 0, 4096)",
	       "flagspace-unsupported-flag 1:0 FALLOC_FL_PUNCH_HOLE is not "
	       "accepted by falloc() mode: the call fails with EOPNOTSUPP; it "
	       "takes FALLOC_FL_KEEP_SIZE\n");
	EXPECT("falloc(fd, O_WRONLY, 0, 4096)",
	       "flagspace-wrong-namespace 1:0 O_WRONLY is from the O_* "
	       "namespace, not FALLOC_FL_*: in falloc() mode 0x1 means "
	       "FALLOC_FL_KEEP_SIZE\n");
	EXPECT("falloc(fd, O_CLOEXEC, 0, 4096)",
	       "flagspace-wrong-namespace 1:0 O_CLOEXEC is from the O_* "
	       "namespace, not FALLOC_FL_*: in falloc() mode 0x80000 matches "
	       "no FALLOC_FL_* flag and the call fails with EOPNOTSUPP\n");
}

static const char *decode(const char *func, const char *param, int64_t value)
{
	char *out = NULL;

	assert_int_equal(fs_query_decode(rules, func, param, value, &out),
			 FS_QUERY_OK);
	snprintf(text, sizeof(text), "%s", out);
	free(out);
	return text;
}

static void decode_reads_must_be_zero(void **state)
{
	(void)state;
	assert_string_equal(decode("getfd", "flags", 0), "0 (must be 0)");
	assert_string_equal(decode("getfd", "2", 0x80000),
			    "0x80000 (must be 0: the call fails with EINVAL)");
	assert_string_equal(decode("SYS_access3", "flags", 0x200),
			    "0x200 (must be 0: the call never reads it)");
}

/* What a rules file may not say about `0` and the new effects. */
static void rules_errors(void **state)
{
	fs_rules *r = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(r, "namespace O prefix=O_\nO_A 1\n"
				   "call f flags(0) O bits=unread\n", &log), -1);
	assert_string_equal(log.text, "t.rules:3:19: error: bits=unread needs "
			    "the accepted form '0' (an argument the call never "
			    "reads)\n");
	fs_rules_free(r);
	r = fs_rules_new();
	memset(&log, 0, sizeof(log));
	assert_int_equal(load_text(r, "field s.f - bits=unread\n", &log), -1);
	assert_non_null(strstr(log.text, "t.rules:1:13: error: bits=unread"));
	fs_rules_free(r);
	/* `0` with eopnotsupp, and a `0` field, load. */
	r = rules_from("call f flags(0) 0 bits=eopnotsupp\nfield s.f 0\n");
	fs_rules_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flag_in_reserved_argument),
		cmocka_unit_test(zero_and_numbers_are_fine),
		cmocka_unit_test(suggests_where_the_flag_belongs),
		cmocka_unit_test(unread_argument_of_a_raw_syscall),
		cmocka_unit_test(eopnotsupp_effect),
		cmocka_unit_test(decode_reads_must_be_zero),
		cmocka_unit_test(rules_errors),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
