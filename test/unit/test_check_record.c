/* test_check_record.c: fs_check_record's decisions and messages for struct
 * initializers and assignments. */
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = rules_from(sample_rules);
	add_clean_rules(rules,
		"namespace MS prefix=MS_\n"
		"MS_BIND    0x1000\n"
		"MS_PRIVATE 0x40000\n"
		"MS_SHARED  0x100000\n"
		"field mount_attr.propagation MS:PRIVATE,SHARED bits=einval\n"
		"field mount_attr.ignored MS:BIND\n"
		"namespace Q prefix=Q_\n"
		"Q_ONE 1\n"
		"field params.at_flags AT:SYMLINK_NOFOLLOW,EMPTY_PATH "
		"bits=einval\n"
		"field params.flags Q bits=einval\n");
	*state = rules;
	return 0;
}

#define EXPECT(record, text) \
	assert_string_equal(check_record_text(rules, record), text)

static void wrong_field(void **state)
{
	(void)state;
	EXPECT("open_how{flags=RESOLVE_BENEATH|O_RDONLY, mode=0}",
	       "flagspace-wrong-field 0:0 RESOLVE_BENEATH belongs in "
	       "open_how.resolve, not open_how.flags: here 0x8 matches no O_* "
	       "flag and the call fails with EINVAL\n");
	EXPECT("open_how.flags=RESOLVE_NO_XDEV",
	       "flagspace-wrong-field 0:0 RESOLVE_NO_XDEV belongs in "
	       "open_how.resolve, not open_how.flags: here 0x1 means "
	       "O_WRONLY\n");
	EXPECT("open_how.resolve=O_NOFOLLOW",
	       "flagspace-wrong-field 0:0 O_NOFOLLOW belongs in open_how.flags, "
	       "not open_how.resolve: here 0x20000 matches no RESOLVE_* flag "
	       "and the call fails with EINVAL\n");
	EXPECT("open_how.mode=O_CREAT",
	       "flagspace-wrong-field 0:0 O_CREAT belongs in open_how.flags, "
	       "not open_how.mode: here 0x40 means S_IXUSR\n");
}

static void wrong_namespace_in_a_record(void **state)
{
	(void)state;
	EXPECT("open_how.flags=AT_SYMLINK_NOFOLLOW",
	       "flagspace-wrong-namespace 0:0 AT_SYMLINK_NOFOLLOW is from the "
	       "AT_* namespace, not O_*: in open_how.flags 0x100 means "
	       "O_NOCTTY; use O_NOFOLLOW for the trailing symlink; or "
	       "RESOLVE_NO_SYMLINKS in open_how.resolve for every "
	       "component\n");
	EXPECT("open_how.resolve=AT_SYMLINK_NOFOLLOW",
	       "flagspace-wrong-namespace 0:0 AT_SYMLINK_NOFOLLOW is from the "
	       "AT_* namespace, not RESOLVE_*: in open_how.resolve 0x100 "
	       "matches no RESOLVE_* flag and the call fails with EINVAL; use "
	       "RESOLVE_NO_SYMLINKS for every component; or O_NOFOLLOW in "
	       "open_how.flags for the trailing symlink\n");
	EXPECT("open_how.resolve=AT_EMPTY_PATH",
	       "flagspace-wrong-namespace 0:0 AT_EMPTY_PATH is from the AT_* "
	       "namespace, not RESOLVE_*: in open_how.resolve 0x1000 matches no "
	       "RESOLVE_* flag and the call fails with EINVAL; "
	       "RESOLVE_EMPTY_PATH was proposed in 2020 but never reached the "
	       "kernel\n");
	EXPECT("open_how.flags=AT_EMPTY_PATH",
	       "flagspace-wrong-namespace 0:0 AT_EMPTY_PATH is from the AT_* "
	       "namespace, not O_*: in open_how.flags 0x1000 means O_DSYNC; "
	       "RESOLVE_EMPTY_PATH was proposed in 2020 but never reached the "
	       "kernel\n");
	/* No "it belongs in" for records: that would be a wrong field. */
	EXPECT("open_how.mode=AT_REMOVEDIR",
	       "flagspace-wrong-namespace 0:0 AT_REMOVEDIR is from the AT_* "
	       "namespace, not S_I*: in open_how.mode 0x200 matches no S_I* "
	       "flag and the call fails with EINVAL\n");
}

static void equivalent_in_a_sibling_field(void **state)
{
	(void)state;
	/* O_NOFOLLOW means AT_SYMLINK_NOFOLLOW, which at_flags takes. */
	EXPECT("params.flags=O_NOFOLLOW",
	       "flagspace-wrong-namespace 0:0 O_NOFOLLOW is from the O_* "
	       "namespace, not Q_*: in params.flags 0x20000 matches no Q_* flag "
	       "and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW in "
	       "params.at_flags\n");
	/* A sibling taking a flag's namespace makes it a wrong field. */
	EXPECT("params.flags=AT_EMPTY_PATH",
	       "flagspace-wrong-field 0:0 AT_EMPTY_PATH belongs in "
	       "params.at_flags, not params.flags: here 0x1000 matches no Q_* "
	       "flag and the call fails with EINVAL\n");
}

static void unsupported_in_a_record(void **state)
{
	(void)state;
	EXPECT("mount_attr.propagation=MS_BIND",
	       "flagspace-unsupported-flag 0:0 MS_BIND is not accepted by "
	       "mount_attr.propagation: the call fails with EINVAL; it takes "
	       "MS_PRIVATE, MS_SHARED\n");
	EXPECT("mount_attr.ignored=MS_SHARED",
	       "flagspace-unsupported-flag 0:0 MS_SHARED is not accepted by "
	       "mount_attr.ignored: it is ignored; it takes MS_BIND\n");
	EXPECT("mount_attr{propagation=MS_PRIVATE, ignored=MS_BIND}", "");
}

static void correct_records_are_silent(void **state)
{
	(void)state;
	EXPECT("open_how{flags=O_RDWR|O_CREAT, mode=S_IRUSR|S_IWUSR, "
	       "resolve=RESOLVE_BENEATH}", "");
	EXPECT("open_how{flags=O_RDONLY}", "");
	EXPECT("open_how{}", "");
	EXPECT("open_how.resolve=RESOLVE_IN_ROOT|RESOLVE_NO_XDEV", "");
	EXPECT("open_how.flags=flags", "");
	/* Unknown records and fields. */
	EXPECT("stat{st_mode=O_CREAT}", "");
	EXPECT("open_how{bogus=AT_REMOVEDIR}", "");
}

static void missing_mode_in_an_initializer(void **state)
{
	(void)state;
	EXPECT("open_how{flags=O_CREAT|O_RDWR}",
	       "flagspace-missing-mode 0:0 O_CREAT in open_how.flags needs "
	       "open_how.mode: without it the file is created with mode 0\n");
	EXPECT("open_how{resolve=0, flags=O_RDWR|O_TMPFILE, mode=0}",
	       "flagspace-missing-mode 1:1 O_TMPFILE in open_how.flags needs "
	       "open_how.mode: without it the file is created with mode 0\n");
	EXPECT("open_how{flags=?O_CREAT}",
	       "flagspace-missing-mode 0:0 O_CREAT in open_how.flags needs "
	       "open_how.mode: without it the file is created with mode 0\n");
	EXPECT("open_how{flags=O_CREAT, mode=0644}", "");
	EXPECT("open_how{flags=O_CREAT, mode=mode}", "");
	EXPECT("open_how{flags=O_CREAT, mode=S_IRUSR}", "");
	/* Under ~ the flag is cleared, not set. */
	EXPECT("open_how{flags=~O_CREAT}", "");
	/* An assignment leaves the mode field as it was. */
	EXPECT("open_how.flags=O_CREAT", "");
	EXPECT("open_how.flags|=O_CREAT", "");
}

static void strict_mode_without_flags(void **state)
{
	(void)state;
	EXPECT("open_how{flags=O_RDWR, mode=0644}",
	       "flagspace-missing-mode 1:* open_how.mode is set but "
	       "open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects "
	       "it with EINVAL\n");
	EXPECT("open_how{mode=0644}",
	       "flagspace-missing-mode 0:* open_how.mode is set but "
	       "open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects "
	       "it with EINVAL\n");
	EXPECT("open_how{flags=O_RDWR|0, mode=mode}",
	       "flagspace-missing-mode 1:* open_how.mode is set but "
	       "open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects "
	       "it with EINVAL\n");
	/* Both fields in one assignment-like write. */
	EXPECT("open_how.flags=O_RDWR, mode=0644",
	       "flagspace-missing-mode 1:* open_how.mode is set but "
	       "open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects "
	       "it with EINVAL\n");
}

static void strict_needs_fully_known_flags(void **state)
{
	(void)state;
	EXPECT("open_how{flags=flags, mode=0644}", "");
	/* A plain number may be O_CREAT spelled as a number. */
	EXPECT("open_how{flags=O_RDWR|0100, mode=0644}", "");
	EXPECT("open_how{flags=O_RDWR|MY_FLAG, mode=0644}", "");
	EXPECT("open_how{flags=~O_RDWR, mode=0644}", "");
	EXPECT("open_how{flags=O_RDWR, mode=0}", "");
	EXPECT("open_how{flags=O_CREAT|O_RDWR, mode=0644}", "");
	EXPECT("open_how.mode=0644", "");
	EXPECT("open_how.flags|=O_RDWR, mode=0644", "");
}

static void several_findings_in_order(void **state)
{
	(void)state;
	EXPECT("open_how{flags=O_CREAT|RESOLVE_BENEATH}",
	       "flagspace-wrong-field 0:1 RESOLVE_BENEATH belongs in "
	       "open_how.resolve, not open_how.flags: here 0x8 matches no O_* "
	       "flag and the call fails with EINVAL\n"
	       "flagspace-missing-mode 0:0 O_CREAT in open_how.flags needs "
	       "open_how.mode: without it the file is created with mode 0\n");
}

/* `p.at_flags & MASK`: the mask is checked against what the field holds,
 * not against what a write may put there. */
static void reads_report_only_what_the_field_cannot_hold(void **state)
{
	fs_term subset = { "AT_REMOVEDIR", 0, 0, FS_TERM_FIXABLE };
	fs_term foreign = { "O_NOFOLLOW", 0, 0, FS_TERM_FIXABLE };
	fs_field field = { "at_flags", term_value(&subset), 1 };
	fs_record r = { "params", &field, 1, 0, NULL, 1 };
	fs_findings f = { 0 };

	(void)state;
	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	assert_int_equal(f.count, 0);
	field.value.terms = &foreign;
	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	assert_int_equal(f.count, 1);
	assert_int_equal(f.items[0].check, FS_CHECK_WRONG_NAMESPACE);
	fs_findings_clear(&f);
	/* Written, the same flag is one the field does not take. */
	r.is_read = 0;
	field.value.terms = &subset;
	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	assert_int_equal(f.count, 1);
	assert_int_equal(f.items[0].check, FS_CHECK_UNSUPPORTED_FLAG);
	fs_findings_free(&f);
}

static void null_arguments(void **state)
{
	fs_findings f = { 0 };
	fs_record r = { NULL, NULL, 0, 1 };

	(void)state;
	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	r.record = "open_how";
	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	assert_int_equal(fs_check_record(NULL, &r, &f), 0);
	assert_int_equal(f.count, 0);
	fs_findings_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(wrong_field),
		cmocka_unit_test(wrong_namespace_in_a_record),
		cmocka_unit_test(equivalent_in_a_sibling_field),
		cmocka_unit_test(unsupported_in_a_record),
		cmocka_unit_test(correct_records_are_silent),
		cmocka_unit_test(reads_report_only_what_the_field_cannot_hold),
		cmocka_unit_test(missing_mode_in_an_initializer),
		cmocka_unit_test(strict_mode_without_flags),
		cmocka_unit_test(strict_needs_fully_known_flags),
		cmocka_unit_test(several_findings_in_order),
		cmocka_unit_test(null_arguments),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
