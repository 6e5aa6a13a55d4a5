// RUN: %check_flagspace %s flagspace-unsupported-flag %t
// A flag the call rejects, tried first and dropped where the failure it
// predicts leads, is a probe for systems that take it: libevent's
// regress.c asks waitpid() for WNOWAIT (FreeBSD and Solaris take it; Linux
// fails with EINVAL) and waits again without it on EINVAL. The code is
// right on Linux. Without the retry, with a retry that keeps the flag, or
// where only another errno leads to it, the call is reported.
#include <errno.h>
#include <sys/wait.h>

int probe_then_plain(int pid, int *st) {
  if ((waitpid(pid, st, WNOWAIT) == -1 && errno == EINVAL) &&
      waitpid(pid, st, 0) == -1)
    return -1;
  return 0;
}

int any_failure_then_plain(int pid, int *st) {
  int r = waitpid(pid, st, WNOWAIT | WNOHANG);
  if (r == -1)
    r = waitpid(pid, st, WNOHANG);
  return r;
}

int no_retry(int pid, int *st) {
  return waitpid(pid, st, WNOWAIT);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: WNOWAIT is not accepted by waitpid() options: the call fails with EINVAL{{.*}} [flagspace-unsupported-flag]
}

int retry_keeps_the_flag(int pid, int *st) {
  if (waitpid(pid, st, WNOWAIT) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: WNOWAIT is not accepted by waitpid() options{{.*}} [flagspace-unsupported-flag]
    return waitpid(pid, st, WNOWAIT | WNOHANG);
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: WNOWAIT is not accepted by waitpid() options{{.*}} [flagspace-unsupported-flag]
  return 0;
}

int retry_on_another_errno(int pid, int *st) {
  if (waitpid(pid, st, WNOWAIT) == -1 && errno == EINTR)
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: WNOWAIT is not accepted by waitpid() options{{.*}} [flagspace-unsupported-flag]
    return waitpid(pid, st, 0);
  return 0;
}
