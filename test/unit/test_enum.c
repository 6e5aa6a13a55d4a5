/* test_enum.c: kind=enum namespaces are read by exact value, in messages,
 * in `flagspace decode` and beside bit flags. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "unit_helpers.h"

static fs_rules *rules;
static char text[1024];

static int setup(void **state)
{
	rules = rules_from(
		"namespace O prefix=O_\n"
		"O_RDONLY 0\nO_WRONLY 1\nO_RDWR 2\nO_CREAT 0x40\n"
		"namespace SEEK prefix=SEEK_ kind=enum\n"
		"SEEK_SET 0\nSEEK_CUR 1\nSEEK_END 2\nSEEK_DATA 3\nSEEK_HOLE 4\n"
		"namespace TYPE prefix=T_ kind=enum\n"
		"T_STREAM 1\nT_DGRAM 2\nT_RAW 3\nT_ODD -7\n"
		"namespace TFLAG prefix=TF_\n"
		"TF_CLOEXEC 0x80000\nTF_NONBLOCK 0x800\n"
		"call seek whence(2) SEEK bits=einval\n"
		"call seek3 whence(2) SEEK:SET,CUR,END bits=einval\n"
		"call sock type(1) TYPE|TFLAG bits=einval\n"
		"call odd kind(0) TYPE\n"
		"call lk op(1) O\n"
		"field lk.whence SEEK\n");
	*state = rules;
	return 0;
}

#define EXPECT(call, want) \
	assert_string_equal(check_call_text(rules, call), want)

static void messages_look_values_up(void **state)
{
	(void)state;
	/* 3 is SEEK_DATA, not SEEK_CUR|SEEK_END. */
	EXPECT("seek(fd, 0, O_RDWR=3)",
	       "flagspace-wrong-namespace 2:0 O_RDWR is from the O_* "
	       "namespace, not SEEK_*: in seek() whence 0x3 means SEEK_DATA\n");
	EXPECT("seek(fd, 0, O_CREAT)",
	       "flagspace-wrong-namespace 2:0 O_CREAT is from the O_* "
	       "namespace, not SEEK_*: in seek() whence 0x40 matches no "
	       "SEEK_* value and the call fails with EINVAL\n");
	/* A value outside the subset is named, and rejected. */
	EXPECT("seek3(fd, 0, O_RDWR=3)",
	       "flagspace-wrong-namespace 2:0 O_RDWR is from the O_* "
	       "namespace, not SEEK_*: in seek3() whence 0x3 means SEEK_DATA "
	       "and the call fails with EINVAL\n");
	EXPECT("seek(fd, 0, O_RDONLY)",
	       "flagspace-wrong-namespace 2:0 O_RDONLY is from the O_* "
	       "namespace, not SEEK_*: in seek() whence 0x0 means SEEK_SET\n");
	EXPECT("seek(fd, 0, SEEK_DATA)", "");
}

static void subset_of_an_enumeration(void **state)
{
	(void)state;
	EXPECT("seek3(fd, 0, SEEK_HOLE)",
	       "flagspace-unsupported-flag 2:0 SEEK_HOLE is not accepted by "
	       "seek3() whence: the call fails with EINVAL; it takes "
	       "SEEK_SET, SEEK_CUR, SEEK_END\n");
}

static void values_ored_together(void **state)
{
	(void)state;
	EXPECT("seek(fd, 0, SEEK_CUR|SEEK_END)",
	       "flagspace-unsupported-flag 2:1 SEEK_END is or'ed with SEEK_CUR, "
	       "but SEEK_* are values, not flags: in seek() whence 0x3 means "
	       "SEEK_DATA\n");
	EXPECT("seek3(fd, 0, SEEK_CUR|SEEK_END)",
	       "flagspace-unsupported-flag 2:1 SEEK_END is or'ed with SEEK_CUR, "
	       "but SEEK_* are values, not flags: in seek3() whence 0x3 means "
	       "SEEK_DATA and the call fails with EINVAL\n");
	/* Beside bit flags: only the enumeration's terms are merged. */
	EXPECT("sock(d, T_STREAM|TF_CLOEXEC|T_DGRAM)",
	       "flagspace-unsupported-flag 1:2 T_DGRAM is or'ed with T_STREAM, "
	       "but T_* are values, not flags: in sock() type 0x3 means "
	       "T_RAW\n");
	/* A 0 member, a conditional or negated one, one enumeration value
	 * with bit flags: nothing. */
	EXPECT("seek(fd, 0, SEEK_SET|SEEK_CUR)", "");
	EXPECT("seek(fd, 0, ?SEEK_CUR|?SEEK_END)", "");
	EXPECT("sock(d, T_STREAM|TF_CLOEXEC|TF_NONBLOCK)", "");
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

static void decode_query(void **state)
{
	(void)state;
	assert_string_equal(decode("seek", "whence", 3), "SEEK_DATA");
	assert_string_equal(decode("seek", "whence", 0), "SEEK_SET");
	assert_string_equal(decode("seek", "whence", 7), "unknown value 7");
	assert_string_equal(decode("seek", "whence", -1), "unknown value -1");
	assert_string_equal(decode("odd", "kind", -7), "T_ODD");
	/* A name that is a function and a struct (flock): the argument,
	 * else the field. */
	assert_string_equal(decode("lk", "op", 1), "O_WRONLY");
	assert_string_equal(decode("lk", "whence", 4), "SEEK_HOLE");
	/* Beside bit flags: the bits first, then the rest looked up whole,
	 * written first. */
	assert_string_equal(decode("sock", "type", 0x80003),
			    "T_RAW | TF_CLOEXEC");
	assert_string_equal(decode("sock", "type", 0x80800),
			    "TF_CLOEXEC | TF_NONBLOCK");
	assert_string_equal(decode("sock", "type", 0x80007),
			    "TF_CLOEXEC | unknown 0x7");
}

static void negative_values(void **state)
{
	(void)state;
	assert_string_equal(decode_text(rules, "seek", -1),
			    "matches no SEEK_* value");
	assert_string_equal(decode_text(rules, "odd", -7), "means T_ODD");
	/* Mixed with bits, a negative value still sets bits. */
	assert_string_equal(decode_text(rules, "sock", -1),
			    "is negative, so it sets every bit");
}

static void kind_errors(void **state)
{
	fs_rules *r = fs_rules_new();
	diag_log log = { "", 0, 0 };

	(void)state;
	assert_int_equal(load_text(r, "namespace X prefix=X_ kind=list\n",
				   &log), -1);
	assert_string_equal(log.text, "t.rules:1:28: error: kind must be bits "
			    "or enum, not 'list'\n");
	fs_rules_free(r);
	r = fs_rules_new();
	memset(&log, 0, sizeof(log));
	assert_int_equal(load_text(r, "namespace X prefix=X_ kind=enum\n"
				   "namespace X kind=bits\n", &log), -1);
	assert_string_equal(log.text, "t.rules:2:18: error: namespace 'X' is "
			    "kind=enum (t.rules:1:11)\n");
	fs_rules_free(r);
	/* Reopening may leave the kind out, or repeat it. */
	r = rules_from("namespace X prefix=X_ kind=enum\nX_A 1\n"
		       "namespace X\nX_B 2\nnamespace X kind=enum\nX_C 3\n"
		       "call f a(0) X\n");
	assert_string_equal(check_call_text(r, "f(X_C)"), "");
	fs_rules_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(messages_look_values_up),
		cmocka_unit_test(subset_of_an_enumeration),
		cmocka_unit_test(values_ored_together),
		cmocka_unit_test(decode_query),
		cmocka_unit_test(negative_values),
		cmocka_unit_test(kind_errors),
	};

	return cmocka_run_group_tests(tests, setup, free_state_rules);
}
