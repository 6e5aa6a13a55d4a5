// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// msync(2) takes MS_ASYNC, MS_SYNC and MS_INVALIDATE from <sys/mman.h>; the
// mount(2) MS_ flags of <sys/mount.h> share the prefix but not the meaning:
// MS_RDONLY (1) is MS_ASYNC, MS_NOSUID (2) MS_INVALIDATE, MS_NODEV (4)
// MS_SYNC. msync() fails with EINVAL for any other bit.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(void *p, size_t len) {
  msync(p, len, MS_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: MS_RDONLY is from the MS_* namespace (mount(2) mountflags; struct mount_attr.propagation), not MS_* (msync(2) flags): in msync() flags 0x1 means MS_ASYNC [misbehaves] [flagspace-wrong-namespace]
  msync(p, len, MS_SYNC | MS_NOSUID);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: MS_NOSUID is from the MS_* namespace (mount(2) mountflags; struct mount_attr.propagation), not MS_* (msync(2) flags): in msync() flags 0x2 means MS_INVALIDATE [misbehaves] [flagspace-wrong-namespace]
  msync(p, len, MS_REMOUNT);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: MS_REMOUNT is from the MS_* namespace (mount(2) mountflags; struct mount_attr.propagation), not MS_* (msync(2) flags): in msync() flags 0x20 matches no MS_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  msync(p, len, O_SYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_SYNC is from the O_* namespace, not MS_*: in msync() flags 0x101000 matches no MS_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  msync(p, len, O_DSYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_DSYNC is from the O_* namespace, not MS_*: in msync() flags 0x1000 matches no MS_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_msync, p, len, MS_NODEV);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: MS_NODEV is from the MS_* namespace (mount(2) mountflags; struct mount_attr.propagation), not MS_* (msync(2) flags): in syscall(SYS_msync) flags 0x4 means MS_SYNC [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(void *p, size_t len, int flags) {
  msync(p, len, MS_SYNC);
  msync(p, len, MS_ASYNC);
  msync(p, len, MS_SYNC | MS_INVALIDATE);
  msync(p, len, flags);
  syscall(SYS_msync, p, len, MS_ASYNC);
}
