/* outcome.h: whether the code around a call asserts that it fails, and
 * which findings that asserted failure explains. */
#ifndef FS_OUTCOME_H
#define FS_OUTCOME_H

#include "flagspace.h"

/* Returns 1 when `o` asserts that the call fails, and sets *error to the
 * errno the assertion names ("EINVAL": the result compared with -EINVAL,
 * or errno asserted equal to EINVAL), or to NULL when it names none.
 * A comparison asserts what it says inside an assertion macro (assert,
 * ASSERT_*, EXPECT_*) or a test table's entry, and the opposite in an
 * if's condition (the branch is the test's failure path). The result must
 * be asserted to be a failure: equal to a negative constant, below 0, or
 * (with an errno assertion) unequal to 0. Written plainly in an if
 * condition, the result alone asserts nothing: `if (fd != -1)` is as
 * often the success path; it needs the errno (`|| errno != EINVAL`) or a
 * negated errno constant (`!= -EINVAL`) beside it.
 * Returns 0 otherwise: no test, a test for success, code handling a
 * failure (`if (fd < 0 && errno == EINVAL)`). */
int fs_outcome_asserts_failure(const fs_outcome *o, const char **error);

/* Removes the findings from index `from` on that the failure `o` asserts
 * explains: those that say the call fails with the asserted errno (with
 * any, when the assertion names none), and those whose harm needs the
 * call to succeed. Nothing when `o` asserts no failure. */
void fs_outcome_drop_explained(const fs_outcome *o, fs_findings *out,
			       size_t from);

#endif
