/* A stand-in for the comparisons of Linux's
 * tools/testing/selftests/kselftest_harness.h (6.1): each ASSERT_* and
 * EXPECT_* keeps its operands in temporaries and compares those, inside a
 * do-while, followed by a for statement (OPTIONAL_HANDLER) that takes an
 * optional block. Only the shape matters to flagspace. */
#ifndef KSELFTEST_HARNESS_STANDIN_H
#define KSELFTEST_HARNESS_STANDIN_H

struct __test_metadata {
	int passed;
	int trigger;
	int step;
};

static int __bail(int for_realz, struct __test_metadata *t)
{
	(void)for_realz;
	(void)t;
	return 0;
}

#define OPTIONAL_HANDLER(_assert) \
	for (; _metadata->trigger; _metadata->trigger = \
			__bail(_assert, _metadata))

#define __INC_STEP(_metadata) \
	if (_metadata->passed && _metadata->step < 253) \
		_metadata->step++;

#define __EXPECT(_expected, _expected_str, _seen, _seen_str, _t, _assert) do { \
	/* Avoid multiple evaluation of the cases */ \
	__typeof__(_expected) __exp = (_expected); \
	__typeof__(_seen) __seen = (_seen); \
	if (_assert) __INC_STEP(_metadata); \
	if (!(__exp _t __seen)) { \
		_metadata->passed = 0; \
		_metadata->trigger = 1; \
	} \
} while (0); OPTIONAL_HANDLER(_assert)

#define ASSERT_EQ(expected, seen) __EXPECT(expected, #expected, seen, #seen, ==, 1)
#define ASSERT_NE(expected, seen) __EXPECT(expected, #expected, seen, #seen, !=, 1)
#define ASSERT_LT(expected, seen) __EXPECT(expected, #expected, seen, #seen, <, 1)
#define ASSERT_GE(expected, seen) __EXPECT(expected, #expected, seen, #seen, >=, 1)
#define EXPECT_EQ(expected, seen) __EXPECT(expected, #expected, seen, #seen, ==, 0)
#define EXPECT_NE(expected, seen) __EXPECT(expected, #expected, seen, #seen, !=, 0)
#define EXPECT_GE(expected, seen) __EXPECT(expected, #expected, seen, #seen, >=, 0)

#endif
