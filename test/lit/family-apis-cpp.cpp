// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field,flagspace-unsupported-flag %t -- -- -std=gnu++20
// The newer API families from C++: ::waitpid(), ::getrandom(), msgsnd(),
// struct clone_args written with designated initializers and assignments,
// struct statvfs read with &.
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <sys/msg.h>
#include <sys/random.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <sys/mount.h>

namespace box {
long wrong(pid_t pid, char *buf, int q, void *m, const struct statvfs &sv) {
  int st = 0;
  ::waitpid(pid, &st, WEXITED);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: WEXITED is not accepted by waitpid() options: the call fails with EINVAL; it takes WNOHANG, WUNTRACED, WSTOPPED, WCONTINUED, __WNOTHREAD, __WALL, __WCLONE [fails] [flagspace-unsupported-flag]
  ::getrandom(buf, 16, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: O_NONBLOCK is from the O_* namespace, not GRND_*: in getrandom() flags 0x800 matches no GRND_* flag and the call fails with EINVAL; use GRND_NONBLOCK [fails] [flagspace-wrong-namespace]
  // CHECK-FIXES: ::getrandom(buf, 16, GRND_NONBLOCK);
  clone_args args{.flags = CLONE_NEWNS | SIGCHLD};
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: SIGCHLD belongs in clone_args.exit_signal, not clone_args.flags: here 0x11 matches no CLONE_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  args.exit_signal = CLONE_NEWPID;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: CLONE_NEWPID belongs in clone_args.flags, not clone_args.exit_signal: here 0x20000000 matches no SIG* value and the call fails with EINVAL [fails] [flagspace-wrong-field]
  long n = (sv.f_flag & MS_RDONLY) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: MS_RDONLY is from the MS_* namespace{{.*}}, not ST_*: in statvfs.f_flag 0x1 means ST_RDONLY; use ST_RDONLY [same-value] [flagspace-wrong-namespace]
  // CHECK-FIXES: long n = (sv.f_flag & ST_RDONLY) != 0;
  return n + (long)args.flags;
}
// Correct code: nothing may be reported below.
long correct(pid_t pid, char *buf, const struct statvfs &sv) {
  int st = 0;
  ::waitpid(pid, &st, WNOHANG | WUNTRACED);
  ::getrandom(buf, 16, GRND_NONBLOCK);
  clone_args args{.flags = CLONE_NEWNS | CLONE_NEWPID, .exit_signal = SIGCHLD};
  return (long)args.flags + ((sv.f_flag & ST_RDONLY) != 0);
}
} // namespace box
