// RUN: %check_flagspace %s flagspace-unsupported-flag %t
// C++: a call that never runs (decltype) is not reported, a call in a member
// initializer is reported as anywhere else, and googletest-style assertion
// macros are read by name like kselftest_harness.h's.
#include <cerrno>
#include <sched.h>

#define ASSERT_EQ(a, b) do { if (!((a) == (b))) throw 1; } while (0)

struct Joined {
  explicit Joined(int pidfd) : res(setns(pidfd, CLONE_VM)) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
  int res;
};

int unevaluated(int pidfd) {
  decltype(setns(pidfd, CLONE_VM)) r = 0;
  return r + static_cast<int>(sizeof(setns(pidfd, CLONE_VM)));
}

void asserted(int pidfd) {
  ASSERT_EQ(setns(pidfd, CLONE_VM), -1);
  ASSERT_EQ(errno, EINVAL);
}

void checked_for_success(int pidfd) {
  ASSERT_EQ(setns(pidfd, CLONE_VM), 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: CLONE_VM is not accepted by setns() nstype: the call fails with EINVAL; it takes CLONE_NEWCGROUP, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWTIME, CLONE_NEWUSER, CLONE_NEWUTS [fails] [flagspace-unsupported-flag]
}
