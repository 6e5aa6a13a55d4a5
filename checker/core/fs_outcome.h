/* fs_outcome.h: how the code tests a call's outcome, and what it does
 * where the test leads (fs_call.outcome). Part of flagspace.h's API, which
 * includes it. */

#ifndef FLAGSPACE_FS_OUTCOME_H
#define FLAGSPACE_FS_OUTCOME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct fs_value;	/* flagspace.h */

/* A comparison, its operands put in the order `outcome <cmp> constant`. */
typedef enum fs_cmp {
	FS_CMP_NONE,	/* no such comparison was found */
	FS_CMP_EQ,
	FS_CMP_NE,
	FS_CMP_LT,
	FS_CMP_LE,
	FS_CMP_GT,
	FS_CMP_GE,
	FS_CMP_COUNT
} fs_cmp;

/* Where a comparison is written. */
typedef enum fs_cmp_place {
	FS_PLACE_CODE,		/* anywhere else: an expression, a nested
				   condition (`a && b`) */
	FS_PLACE_CONDITION,	/* an if's condition, or an operand of || in
				   it: the branch runs when it holds */
	FS_PLACE_TABLE,		/* a sibling field of the same initializer
				   (`{ .how.flags = ..., .err = -EINVAL }`):
				   the outcome the entry expects */
} fs_cmp_place;

/* One comparison of a call's outcome (its result, or errno after it) with
 * a constant, as written. */
typedef struct fs_compare {
	fs_cmp cmp;		/* FS_CMP_NONE: none found */
	int64_t with;		/* the constant */
	const char *with_name;	/* the macro that spells it, innermost
				   ("EINVAL" of `-EINVAL`), NULL: a number */
	int is_negated;		/* written `-NAME` */
	const char *macro;	/* the macro the comparison is written in, as
				   the user wrote it ("EXPECT_EQ", "assert"),
				   NULL: written in the code */
	fs_cmp_place place;
} fs_compare;

/* How the code around a call tests its outcome: the first comparison of
 * its result (directly, or through a variable the statement assigns it
 * to) and of errno, in the call's statement and the statements right
 * after it that compare them. All zero: no test found. The engine decides
 * whether they assert that the call fails, and with which errno. */
/* A call the code makes after another whose outcome it tests, on a path
 * that test leads to (inside the branch it guards, or after a branch that
 * leaves): a fallback when it does the first call's job without what
 * failed. The engine decides whether it is one for each `since` fact the
 * first call may fail on (fallback.h): the same function without the flag,
 * or a function the fact names as another way (`else=`), where the test
 * lets the errno the fact predicts through. */
typedef struct fs_retry {
	const char *callee;	/* the C library function it calls
				   ("renameat", "syscall") */
	const char *number;	/* SYS_x or __NR_x of a raw syscall(), else
				   NULL */
	const struct fs_value *args;	/* its arguments, positions as the
					   failing call's (a retry of a
					   wrapper on the way: the inner
					   call's, the retry's values
					   standing for the wrapper's
					   parameters) */
	size_t nargs;
	const char *const *errnos;	/* the errno constants the test
					   compares errno with, by name
					   (errno itself, a variable holding
					   it or the result, a function of
					   the unit given either); none: it
					   tests for any failure */
	size_t nerrnos;
} fs_retry;

typedef struct fs_outcome {
	fs_compare result;
	fs_compare error;	/* errno compared with a constant */
	const fs_retry *retries;	/* the calls made after it where its
					   test leads */
	size_t nretries;
	const char *const *errnos;	/* every errno constant the tests
					   right after it compare errno (or
					   a variable holding errno or the
					   result) with, by name: in
					   conditions, case labels of a
					   switch, a function of the unit
					   given errno */
	size_t nerrnos;
} fs_outcome;

#ifdef __cplusplus
}
#endif

#endif
