// RUN: %check_flagspace %s flagspace-unsupported-flag,flagspace-wrong-namespace,flagspace-invalid-combination,flagspace-missing-mode %t -- -- -I %S/Inputs
// A test that passes invalid flags on purpose and asserts the call fails:
// a finding that says the kernel rejects the call with the errno the test
// asserts (or with any, when the test names none) is what the test wants,
// and so is silent; a finding whose harm needs the call to succeed is too.
// Every other finding stays, and so does every finding of a call whose
// failure is not asserted (not tested, tested for success, or handled).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kselftest-harness.h"

static int sys_openat2(int dfd, const char *path, struct open_how *how)
{
	int ret = syscall(SYS_openat2, dfd, path, how, sizeof(*how));
	return ret >= 0 ? ret : -errno;
}

// kselftest_harness.h style: the macros compare temporaries.
void harness(struct __test_metadata *_metadata, int pidfd)
{
	int ret;

	ASSERT_NE(setns(pidfd, CLONE_VM), 0);
	EXPECT_EQ(errno, EINVAL);

	ASSERT_EQ(-1, setns(pidfd, CLONE_NEWUSER | CLONE_VM));
	EXPECT_EQ(EINVAL, errno);

	ret = setns(pidfd, CLONE_VM);
	ASSERT_LT(ret, 0);
	ASSERT_EQ(errno, EINVAL);

	// The result alone, asserted to be a failure: any errno explains it.
	ASSERT_EQ(setns(pidfd, CLONE_VM), -1);

	// The errno is asserted, but the result is not compared: reported.
	setns(pidfd, CLONE_VM);
	// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
	EXPECT_EQ(errno, EINVAL);

	// Asserted to succeed: reported.
	ASSERT_EQ(setns(pidfd, CLONE_VM), 0);
	// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]

	// Another errno asserted: the finding does not explain the failure.
	ASSERT_NE(setns(pidfd, CLONE_VM), 0);
	// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
	EXPECT_EQ(errno, EBADF);

	// A failure tolerated by a probe (the block runs when the call
	// failed): the result is expected to succeed, so it is reported.
	ret = setns(pidfd, CLONE_VM);
	// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
	EXPECT_GE(ret, 0) {
		ASSERT_EQ(errno, EINVAL);
	}

	// The wrapper returns -errno: the result compared with -EINVAL.
	struct open_how how = { .flags = O_RDONLY };
	EXPECT_EQ(sys_openat2(AT_FDCWD, "x", &how), -EINVAL);
}

// An assertion of the failure explains only findings that say the call
// fails: a flag of another namespace whose bits the call takes changes
// what the call does, and stays.
void harness_other_finding(struct __test_metadata *_metadata, int dfd)
{
	ASSERT_EQ(openat(dfd, "x", O_RDONLY | AT_SYMLINK_NOFOLLOW), -1);
	// CHECK-MESSAGES: :[[@LINE-1]]:40: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in openat() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
	// CHECK-FIXES: ASSERT_EQ(openat(dfd, "x", O_RDONLY | O_NOFOLLOW), -1);
	EXPECT_EQ(errno, EINVAL);
}

// Plain C: assert(), and an if whose branch is the test's failure path.
#include <assert.h>
void plain(int pidfd)
{
	int ret = setns(pidfd, CLONE_VM);
	assert(ret == -1);
	assert(errno == EINVAL);

	if (setns(pidfd, CLONE_VM) != -1 || errno != EINVAL)
		abort();

	ret = setns(pidfd, CLONE_VM);
	if (ret != -1)
		abort();
	if (errno != EINVAL)
		abort();
}

// Code that handles a failure rather than asserting it: reported.
int handled(int pidfd)
{
	if (setns(pidfd, CLONE_VM) == -1 && errno == EINVAL)
	// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
		return 0;
	// The result alone in a plain if: the branch may be the success path.
	if (setns(pidfd, CLONE_VM) != -1)
	// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
		return 1;
	if (setns(pidfd, CLONE_VM) == 0)
	// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
		return 2;
	return setns(pidfd, CLONE_VM);
	// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
}

// A copy that never runs is not reported, also for a finding no asserted
// failure explains (the flags mean O_NOCTTY: the call works); the same call
// that runs is.
int never_runs(const char *p)
{
	__typeof__(open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW)) fd = 0;
	fd += (int)sizeof(open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW));
	return fd + open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
	// CHECK-MESSAGES: :[[@LINE-1]]:33: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
}

// A test table (tools/testing/selftests/openat2): each entry pairs the
// flags with the error it expects.
struct flag_test {
	const char *name;
	struct open_how how;
	int err;
};

struct flag_test tests[] = {
	{ .name = "O_PATH | O_RDWR", .how.flags = O_PATH | O_RDWR,
	  .err = -EINVAL },
	{ .name = "mode without O_CREAT", .how.flags = O_RDONLY,
	  .how.mode = 0600, .err = -EINVAL },
	// The failure comes from elsewhere; the file would get mode 0 only
	// if the call succeeded.
	{ .name = "bad resolve", .how.flags = O_CREAT, .how.resolve = 0x1337,
	  .err = -EINVAL },
	// Expected to succeed: reported.
	{ .name = "O_PATH | O_CREAT", .how.flags = O_PATH | O_CREAT,
	  .err = 0 },
	// CHECK-MESSAGES: :[[@LINE-2]]:54: warning: O_CREAT cannot be combined with O_PATH in open_how.flags: the call fails with EINVAL; beside O_PATH openat2() takes only O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC [fails] [flagspace-invalid-combination]
	// CHECK-MESSAGES: :[[@LINE-3]]:54: warning: O_CREAT in open_how.flags needs open_how.mode: without it the file is created with mode 0 [misbehaves] [flagspace-missing-mode]
	// Another error expected: the EINVAL finding stays.
	{ .name = "O_PATH | O_EXCL", .how.flags = O_PATH | O_EXCL,
	  .err = -EBADF },
	// CHECK-MESSAGES: :[[@LINE-2]]:53: warning: O_EXCL cannot be combined with O_PATH in open_how.flags: the call fails with EINVAL; beside O_PATH openat2() takes only O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC [fails] [flagspace-invalid-combination]
};
