/* test_consequence.c: each finding's consequence, decided by the table in
 * consequence.c from what the engine says of it, with the built-in rules:
 * one case of each class from every kind of finding, values that decide
 * it (never names), and the architecture of the unit. */
#include <stdio.h>
#include <string.h>

#include "consequence.h"
#include "unit_helpers.h"

static fs_rules *rules;

static int setup(void **state)
{
	rules = builtin_rules();
	*state = rules;
	return 0;
}

static const char *const mips = "mips64el-unknown-linux-gnuabi64";
static const char *const s390x = "s390x-ibm-linux-gnu";

/* The classes of a call's findings, on the unit's target (NULL: x86-64). */
static const char *call_on(const char *target, const char *call)
{
	check_call_text_on(rules, target, call);
	return last_consequences();
}

#define CALL(call, classes) \
	assert_string_equal(call_on(NULL, call), classes)
#define CALL_ON(target, call, classes) \
	assert_string_equal(call_on(target, call), classes)

static void the_table(void **state)
{
	(void)state;
	assert_int_equal(fs_consequence_of(1u << FS_SAYS_ERRNO),
			 FS_CONSEQUENCE_FAILS);
	assert_int_equal(fs_consequence_of(1u << FS_SAYS_CHANGES),
			 FS_CONSEQUENCE_MISBEHAVES);
	assert_int_equal(fs_consequence_of(1u << FS_SAYS_WRONG_TEST),
			 FS_CONSEQUENCE_MISBEHAVES);
	assert_int_equal(fs_consequence_of(1u << FS_SAYS_IGNORED),
			 FS_CONSEQUENCE_IGNORED);
	assert_int_equal(fs_consequence_of(1u << FS_SAYS_SAME_VALUE),
			 FS_CONSEQUENCE_SAME_VALUE);
	assert_int_equal(fs_consequence_of(1u << FS_SAYS_DEPRECATED),
			 FS_CONSEQUENCE_DEPRECATED);
	/* Two things said: the worst; nothing said: the worst possible. */
	assert_int_equal(fs_consequence_of((1u << FS_SAYS_IGNORED) |
					   (1u << FS_SAYS_CHANGES)),
			 FS_CONSEQUENCE_MISBEHAVES);
	assert_int_equal(fs_consequence_of((1u << FS_SAYS_ERRNO) |
					   (1u << FS_SAYS_IGNORED)),
			 FS_CONSEQUENCE_FAILS);
	assert_int_equal(fs_consequence_of(0), FS_CONSEQUENCE_FAILS);
	assert_int_equal(fs_says_of_bits(FS_BITS_EINVAL), FS_SAYS_ERRNO);
	assert_int_equal(fs_says_of_bits(FS_BITS_EOPNOTSUPP), FS_SAYS_ERRNO);
	assert_int_equal(fs_says_of_bits(FS_BITS_IGNORED), FS_SAYS_IGNORED);
	assert_int_equal(fs_says_of_bits(FS_BITS_UNREAD), FS_SAYS_IGNORED);
	assert_int_equal(fs_says_of_bits(FS_BITS_NEVER_SET),
			 FS_SAYS_WRONG_TEST);
}

static void names(void **state)
{
	static const char *const words[] = { "fails", "misbehaves", "ignored",
					     "same-value", "deprecated" };

	(void)state;
	assert_int_equal(FS_CONSEQUENCE_COUNT, 5);
	for (unsigned c = 0; c < FS_CONSEQUENCE_COUNT; c++) {
		assert_string_equal(fs_consequence_name((fs_consequence)c),
				    words[c]);
		assert_int_equal(fs_consequence_parse(words[c],
						      strlen(words[c])), c);
		assert_non_null(fs_consequence_meaning((fs_consequence)c));
	}
	assert_null(fs_consequence_name(FS_CONSEQUENCE_COUNT));
	assert_int_equal(fs_consequence_parse("fail", 4), FS_CONSEQUENCE_COUNT);
	assert_int_equal(fs_consequence_parse("failsx", 5), FS_CONSEQUENCE_FAILS);
}

static unsigned parse_ok(const char *list)
{
	unsigned set = 99;
	const char *bad = NULL;
	size_t len = 0;

	assert_int_equal(fs_consequences_parse(list, &set, &bad, &len), 0);
	return set;
}

static const char *parse_bad(const char *list)
{
	static char word[64];
	unsigned set = 0;
	const char *bad = NULL;
	size_t len = 0;

	assert_int_equal(fs_consequences_parse(list, &set, &bad, &len), -1);
	assert_non_null(bad);
	snprintf(word, sizeof(word), "%.*s", (int)len, bad);
	return word;
}

static void lists(void **state)
{
	(void)state;
	assert_int_equal(parse_ok("fails,misbehaves,ignored"),
			 (1u << FS_CONSEQUENCE_FAILS) |
			 (1u << FS_CONSEQUENCE_MISBEHAVES) |
			 (1u << FS_CONSEQUENCE_IGNORED));
	assert_int_equal(parse_ok(" same-value , deprecated "),
			 (1u << FS_CONSEQUENCE_SAME_VALUE) |
			 (1u << FS_CONSEQUENCE_DEPRECATED));
	assert_int_equal(parse_ok("all"), FS_CONSEQUENCES_ALL);
	assert_int_equal(parse_ok("none"), 0);
	assert_int_equal(parse_ok(""), 0);
	assert_int_equal(parse_ok("  "), 0);
	assert_int_equal(parse_ok(NULL), 0);
	assert_string_equal(parse_bad("fails,bogus"), "bogus");
	assert_string_equal(parse_bad("fails,,ignored"), "");
	assert_string_equal(parse_bad("fails,"), "");
	assert_string_equal(parse_bad("Fails"), "Fails");
}

static size_t unmark(const char *message, const char *want_class)
{
	fs_consequence c = FS_CONSEQUENCE_COUNT;
	size_t n = fs_consequence_unmark(message, strlen(message), &c);

	if (want_class)
		assert_string_equal(fs_consequence_name(c), want_class);
	else
		assert_int_equal(c, FS_CONSEQUENCE_COUNT);
	return n;
}

/* The class at the end of a clang-tidy message, read back. */
static void marks(void **state)
{
	(void)state;
	assert_int_equal(unmark("O_RDWR is ... [fails]", "fails"), 13);
	assert_int_equal(unmark("x [same-value]", "same-value"), 1);
	/* Anything else is the message's own. */
	assert_int_equal(unmark("x [flagspace-wrong-namespace]", NULL), 29);
	assert_int_equal(unmark("x[fails]", NULL), 8);
	assert_int_equal(unmark("[fails]", NULL), 7);
	assert_int_equal(unmark("x [fails] ", NULL), 10);
	assert_int_equal(unmark("x [Fails]", NULL), 9);
	assert_int_equal(unmark("", NULL), 0);
	assert_int_equal(unmark("]", NULL), 1);
}

/* Wrong namespace: the bits decoded where they stand. */
static void misplaced_flags(void **state)
{
	(void)state;
	/* 0x100 is O_NOCTTY in open(): another flag. */
	CALL("open(path, AT_SYMLINK_NOFOLLOW)", "misbehaves");
	/* 0x20000 is no AT_ flag fstatat() takes: EINVAL. */
	CALL("fstatat(fd, path, st, O_NOFOLLOW)", "fails");
	/* msgsnd() ignores what it does not know; on x86-64 O_NONBLOCK is
	 * IPC_NOWAIT's 0x800, on mips it is 0x80 (the compiler says). */
	CALL("msgsnd(id, p, n, O_NONBLOCK)", "same-value");
	CALL_ON(mips, "msgsnd(id, p, n, O_NONBLOCK=0x80)", "ignored");
	/* A flag where a number goes is that number; where its own
	 * argument holds what the code does not show, the worst that can
	 * do there, and the message says when. */
	CALL("lseek(fd, SEEK_CUR, SEEK_END)", "misbehaves");
	assert_string_equal(check_call_text(rules, "lseek(fd, SEEK_SET, off)"),
			    "flagspace-wrong-namespace 1:0 SEEK_SET is a flag, "
			    "but lseek() offset is not a flag argument: 0x0 "
			    "is used as a number; it belongs in lseek() "
			    "whence: unless what is there is a SEEK_* value, "
			    "the call fails with EINVAL\n");
	assert_string_equal(last_consequences(), "fails");
}

/* The same value in two namespaces: it is the value that decides. */
static void values_decide_not_names(void **state)
{
	(void)state;
	/* MADV_SEQUENTIAL is POSIX_FADV_SEQUENTIAL's 2 everywhere: the
	 * same advice. MADV_DONTNEED's 4 is POSIX_FADV_DONTNEED on x86-64,
	 * another advice (it drops the page cache, not the pages), and on
	 * s390x 4 is no advice at all: EINVAL. */
	CALL("posix_fadvise(fd, 0, 0, MADV_SEQUENTIAL)", "same-value");
	CALL_ON(s390x, "posix_fadvise(fd, 0, 0, MADV_SEQUENTIAL)",
		"same-value");
	CALL("posix_fadvise(fd, 0, 0, MADV_DONTNEED)", "misbehaves");
	CALL_ON(s390x, "posix_fadvise(fd, 0, 0, MADV_DONTNEED)", "fails");
	/* The value the compiler gave wins over the rules'. */
	CALL("msgsnd(id, p, n, O_NONBLOCK=0x80)", "ignored");
}

static void unsupported_flags(void **state)
{
	(void)state;
	CALL("linkat(a, b, c, d, AT_SYMLINK_NOFOLLOW)", "fails");
	/* F_SETFL ignores the access mode (lighttpd, busybox). */
	CALL("fcntl(fd, F_SETFL, O_NONBLOCK|O_RDWR)", "ignored");
	/* 0x200 is AT_EACCESS in faccessat(): another flag it takes. */
	CALL("faccessat(fd, path, R_OK, AT_REMOVEDIR)", "misbehaves");
	/* Values of an enumeration or'ed: another value, or none. */
	CALL("madvise(p, n, MADV_DONTFORK|MADV_DONTDUMP)", "fails");
}

static void combinations(void **state)
{
	(void)state;
	CALL("fallocate(fd, FALLOC_FL_PUNCH_HOLE, 0, n)", "fails");
	/* The bind mount stays writable. */
	CALL("mount(a, b, t, MS_BIND|MS_RDONLY, d)", "ignored");
	/* MAP_SHARED_VALIDATE: a file mapping is shared, an anonymous one
	 * fails (the note says which): the worst. */
	CALL("mmap(p, n, PROT_READ, MAP_SHARED|MAP_PRIVATE, fd, 0)", "fails");
	CALL("timerfd_settime(fd, TFD_TIMER_CANCEL_ON_SET, new, old)",
	     "ignored");
}

static void swapped_arguments(void **state)
{
	(void)state;
	/* Both 0: the same call (systemd, fuse3). */
	CALL("lseek(fd, SEEK_SET, 0)", "same-value");
	/* Offset 2 from the start. */
	CALL("lseek(fd, SEEK_END, 0)", "misbehaves");
	/* whence 10: EINVAL. */
	CALL("lseek(fd, SEEK_CUR, 10)", "fails");
}

static void modes(void **state)
{
	(void)state;
	CALL("open(path, O_CREAT|O_WRONLY)", "misbehaves");
	check_record_text(rules, "open_how{flags=O_CREAT}");
	assert_string_equal(last_consequences(), "misbehaves");
	check_record_text(rules, "open_how{flags=O_RDONLY, mode=0644}");
	assert_string_equal(last_consequences(), "fails");
}

/* The class of a deprecated spelling, cleared (under ~) or not. */
static const char *spelling(const char *target, const char *name,
			    int is_cleared)
{
	fs_findings f = { 0 };
	fs_spelling use = { name, target, is_cleared, 0, NULL };

	assert_int_equal(fs_check_spelling_at(rules, &use, &f), 1);
	note_consequences(&f);
	fs_findings_free(&f);
	return last_consequences();
}

#define spelling_on(target, name) spelling(target, name, 0)
#define cleared(target, name) spelling(target, name, 1)

static void spellings(void **state)
{
	(void)state;
	/* The same value as the replacement. */
	assert_string_equal(spelling_on(NULL, "O_NDELAY"), "deprecated");
	assert_string_equal(spelling_on(mips, "O_NDELAY"), "deprecated");
	assert_string_equal(spelling_on(NULL, "STATX_ALL"), "deprecated");
	/* To remove: 0 sets nothing; bits nothing needs are kept as a
	 * spelling (unneeded); other bits ask for what no longer
	 * happens. */
	assert_string_equal(spelling_on(NULL, "MAP_FILE"), "deprecated");
	assert_string_equal(spelling_on(NULL, "MS_MGC_VAL"), "deprecated");
	assert_string_equal(spelling_on(NULL, "MS_MANDLOCK"), "ignored");
	assert_string_equal(spelling_on(NULL, "LOCK_MAND"), "ignored");
	/* Cleared (`flags & ~MS_MANDLOCK`), it asks for nothing. */
	assert_string_equal(cleared(NULL, "MS_MANDLOCK"), "deprecated");
	/* Another value stays the worst, cleared or not. */
	assert_string_equal(cleared(NULL, "F_EXLCK"), "fails");
	/* Another value than the replacement's: where it stands is not
	 * known, so the worst, and the message says why. */
	assert_string_equal(spelling_on(NULL, "F_EXLCK"), "fails");
	assert_string_equal(check_spelling_text(rules, "F_EXLCK"),
			    "1 flagspace-deprecated-flag 0:0 F_EXLCK is "
			    "deprecated; use LOCK_EX (old BSD flock() "
			    "emulation; not a struct flock l_type); its value "
			    "0x4 is not LOCK_EX's 0x2 => LOCK_EX\n");
}

/* A read of struct statvfs's f_flag tested with one flag. */
static const char *statvfs_test(const char *name)
{
	fs_term t = { name, 0, 0, FS_TERM_FIXABLE };
	fs_field field = { "f_flag", term_value(&t), 0 };
	fs_record r = { "statvfs", &field, 1, 0, NULL, 1 };
	fs_findings f = { 0 };
	static char text[512];

	assert_int_equal(fs_check_record(rules, &r, &f), 0);
	note_consequences(&f);
	snprintf(text, sizeof(text), "%s: %s", last_consequences(),
		 f.count ? f.items[0].message : "");
	fs_findings_free(&f);
	return text;
}

static void statvfs_flags(void **state)
{
	(void)state;
	/* MS_NOSUID is ST_NOSUID's 2: the test works. */
	assert_string_equal(statvfs_test("MS_NOSUID"),
			    "same-value: MS_NOSUID is from the MS_* "
			    "namespace, not ST_*: in statvfs.f_flag 0x2 means "
			    "ST_NOSUID; use ST_NOSUID");
	/* MS_NOSYMFOLLOW is 256, glibc's ST_APPEND, which Linux never sets
	 * (ST_NOSYMFOLLOW is 0x2000): always false. */
	assert_string_equal(statvfs_test("MS_NOSYMFOLLOW"),
			    "misbehaves: MS_NOSYMFOLLOW is from the MS_* "
			    "namespace, not ST_*: in statvfs.f_flag 0x100 "
			    "means ST_APPEND, which it never has; use "
			    "ST_NOSYMFOLLOW");
	assert_string_equal(statvfs_test("MS_RELATIME"),
			    "misbehaves: MS_RELATIME is from the MS_* "
			    "namespace, not ST_*: in statvfs.f_flag 0x200000 "
			    "matches no ST_* flag; use ST_RELATIME");
	/* ST_APPEND itself is a flag of the field's namespace: a read is
	 * not limited to what Linux sets. */
	assert_string_equal(statvfs_test("ST_APPEND"), ": ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_table),
		cmocka_unit_test(names),
		cmocka_unit_test(lists),
		cmocka_unit_test(marks),
		cmocka_unit_test(misplaced_flags),
		cmocka_unit_test(values_decide_not_names),
		cmocka_unit_test(unsupported_flags),
		cmocka_unit_test(combinations),
		cmocka_unit_test(swapped_arguments),
		cmocka_unit_test(modes),
		cmocka_unit_test(spellings),
		cmocka_unit_test(statvfs_flags),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
