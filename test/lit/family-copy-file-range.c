// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// copy_file_range(2): the flags argument is reserved and must be 0; any bit
// fails with EINVAL. A flag there is reported with what the call does, and
// where the flag would belong when the call has such an argument.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int in, int out, size_t len) {
  copy_file_range(in, 0, out, 0, len, SPLICE_F_MOVE);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: SPLICE_F_MOVE is a flag, but copy_file_range() flags must be 0: 0x1 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  copy_file_range(in, 0, out, 0, len, O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: O_APPEND is a flag, but copy_file_range() flags must be 0: 0x400 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  copy_file_range(in, 0, out, 0, len, SPLICE_F_MOVE | SPLICE_F_MORE);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: SPLICE_F_MOVE is a flag, but copy_file_range() flags must be 0: 0x1 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  // CHECK-MESSAGES: :[[@LINE-2]]:55: warning: SPLICE_F_MORE is a flag, but copy_file_range() flags must be 0: 0x4 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  syscall(SYS_copy_file_range, in, 0, out, 0, len, O_DIRECT);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: O_DIRECT is a flag, but syscall(SYS_copy_file_range) flags must be 0: 0x4000 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int in, int out, size_t len, unsigned flags) {
  copy_file_range(in, 0, out, 0, len, 0);
  copy_file_range(in, 0, out, 0, len, flags);
  // A flag whose value is 0 sets nothing.
  copy_file_range(in, 0, out, 0, len, O_RDONLY);
  // A flag cleared from the value never reaches the call.
  copy_file_range(in, 0, out, 0, len, flags & ~SPLICE_F_MOVE);
  syscall(SYS_copy_file_range, in, 0, out, 0, len, 0);
}
