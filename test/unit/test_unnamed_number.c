/* test_unnamed_number.c: flagspace-unnamed-number (check_unnamed_number.c):
 * a number or a truth value where an argument takes flags or an
 * enumeration's value and rejects the rest. */
#include "unit_helpers.h"

static fs_rules *rules;

static const char *const enum_rules =
	"namespace SEEK prefix=SEEK_ kind=enum\n"
	"SEEK_SET 0\n"
	"SEEK_CUR 1\n"
	"SEEK_END 2\n"
	"call lseek whence(2) SEEK bits=einval\n"
	"call posix_fadvise advice(3) SEEK:SET,CUR bits=einval\n"
	"call unlinkat dirfd(0) DIRFD bits=einval\n"
	"call unlinkat flags(2) AT:REMOVEDIR bits=einval\n"
	"call reserved flags(0) 0 bits=einval\n";

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	add_clean_rules(rules, enum_rules);
	*state = rules;
	return 0;
}

#define EXPECT(call, text) \
	assert_string_equal(check_call_text(rules, call), text)

static void named_in_checks_def(void **state)
{
	(void)state;
	assert_string_equal(fs_check_name(FS_CHECK_UNNAMED_NUMBER),
			    "flagspace-unnamed-number");
}

/* Bits no flag the argument takes has: reported at the number, with what
 * the call does and what it takes; the consequence is the rule's errno. */
static void rejected_bits(void **state)
{
	(void)state;
	EXPECT("fstatat(dfd, p, st, 1)",
	       "flagspace-unnamed-number 3:0 0x1 in fstatat() flags is no AT_* "
	       "flag it takes: the call fails with EINVAL; it takes "
	       "AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, AT_NO_AUTOMOUNT\n");
	EXPECT("fstatat(dfd, p, st, 0x101)",
	       "flagspace-unnamed-number 3:0 0x101 in fstatat() flags has bits "
	       "no AT_* flag it takes has (0x1): the call fails with EINVAL; "
	       "it takes AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, "
	       "AT_NO_AUTOMOUNT\n");
	EXPECT("fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW|4)",
	       "flagspace-unnamed-number 3:1 0x4 in fstatat() flags is no AT_* "
	       "flag it takes: the call fails with EINVAL; it takes "
	       "AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, AT_NO_AUTOMOUNT\n");
	/* A number set on some paths only: the call fails on those. */
	EXPECT("fstatat(dfd, p, st, ?1)",
	       "flagspace-unnamed-number 3:0 0x1 in fstatat() flags is no AT_* "
	       "flag it takes: the call fails with EINVAL; it takes "
	       "AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, AT_NO_AUTOMOUNT\n");
	EXPECT("reserved(2)",
	       "flagspace-unnamed-number 0:0 0x2 in reserved() flags is no flag "
	       "it takes: the call fails with EINVAL; pass 0\n");
	assert_string_equal(
		check_call_memo_text(NULL, rules, NULL,
				     "fstatat(dfd, p, st, 1)", NULL),
		"flagspace-unnamed-number 3:0 swap=* use=0 fails=EINVAL "
		"harms=0 fails 0x1 in fstatat() flags is no AT_* flag it "
		"takes: the call fails with EINVAL; it takes "
		"AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, AT_NO_AUTOMOUNT\n");
}

/* A number that may be right, or where the argument is no flag: never
 * reported, and no flag is named for it. */
static void numbers_that_may_be_right(void **state)
{
	(void)state;
	EXPECT("fstatat(dfd, p, st, 0)", "");
	EXPECT("fstatat(dfd, p, st, 0x100)", "");
	EXPECT("fstatat(dfd, p, st, 0x1100)", "");
	EXPECT("fstatat(dfd, p, st, flags)", "");
	EXPECT("fstatat(dfd, p, st, flags|AT_EMPTY_PATH)", "");
	/* A cleared number sets no bit. */
	EXPECT("fstatat(dfd, p, st, flags|~1)", "");
	/* Arguments that ignore what they do not take (bits=ignored). */
	EXPECT("open(p, 4)", "");
	EXPECT("faccessat(d, p, 7, 0x8000)", "");
	/* A descriptor: the argument's only member is a special value. */
	EXPECT("unlinkat(-1, p, 0)", "");
	EXPECT("unlinkat(3, p, 0x200)", "");
}

/* An enumeration takes one of its values, written alone. */
static void enumerations(void **state)
{
	(void)state;
	EXPECT("lseek(fd, o, 7)",
	       "flagspace-unnamed-number 2:0 7 in lseek() whence is no SEEK_* "
	       "value it takes: the call fails with EINVAL; write it with the "
	       "SEEK_* names\n");
	EXPECT("lseek(fd, o, -1)",
	       "flagspace-unnamed-number 2:0 -1 in lseek() whence is no SEEK_* "
	       "value it takes: the call fails with EINVAL; write it with the "
	       "SEEK_* names\n");
	EXPECT("posix_fadvise(fd, o, n, 2)",
	       "flagspace-unnamed-number 3:0 2 in posix_fadvise() advice is no "
	       "SEEK_* value it takes: the call fails with EINVAL; it takes "
	       "SEEK_SET, SEEK_CUR\n");
	EXPECT("lseek(fd, o, 0)", "");
	EXPECT("lseek(fd, o, 2)", "");
	EXPECT("lseek(fd, o, ?7)", "");
	EXPECT("lseek(fd, o, whence|7)", "");
	EXPECT("posix_fadvise(fd, o, n, 1)", "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(named_in_checks_def),
		cmocka_unit_test(rejected_bits),
		cmocka_unit_test(numbers_that_may_be_right),
		cmocka_unit_test(enumerations),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
