/* fallback.h: whether the code falls back where a `since` fact's call or
 * flag fails: a call made after it, on the path a test of its outcome
 * leads to (fs_outcome.retries), that does the job without it. */
#ifndef FS_FALLBACK_H
#define FS_FALLBACK_H

#include "rules_model.h"
#include "site.h"

/* The function a call makes as since rules name it: `callee`, or a raw
 * syscall() by its `number` ("SYS_statx": "statx"; NULL for a number not
 * written as SYS_x or __NR_x). */
const char *fs_since_called(const char *callee, const char *number);

/* Whether errno constant `name` is `want` ("EOPNOTSUPP"): ENOTSUP is
 * EOPNOTSUPP on Linux. */
int fs_errno_is(const char *want, const char *name);

/* Whether the call at `site` (call: its facts) has a fallback for rule `r` (about `flag` when it is not
 * NULL, about the call itself otherwise): a retry that
 * - lets the errno `r` predicts through: its test names that errno, or
 *   names none (any failure);
 * - calls a function `r` is not about (another one it names in else=, or
 *   the same function another way: glibc's statx() after a raw
 *   syscall(SYS_statx)), or, for a flag, the same function without it:
 *   no term of the retry's argument sets the flag, and no part of it is
 *   unknown.
 * Returns 1 or 0, and -1 when out of memory. */
int fs_since_has_fallback(const fs_since_rule *r, const fs_site *site,
			  const fs_call *call, const char *flag);

/* Drops the findings of the call at `site` from index `from` on that
 * predict a failure of a flag (fs_finding.fails_with) the code answers by
 * calling the function again without it, where a test that lets that
 * errno through leads (libevent's `waitpid(pid, &st, WNOWAIT) == -1 &&
 * errno == EINVAL`, then `waitpid(pid, &st, 0)`: a probe for systems that
 * take the flag). Returns 0, or -1 when out of memory. */
int fs_drop_retried_without(const fs_site *site, const fs_call *call,
			    fs_findings *out, size_t from);

#endif
