// RUN: %check_flagspace -check-suffix=KERNEL %s flagspace-deprecated-flag,flagspace-wrong-field,flagspace-wrong-namespace %t -- -- -D__KERNEL__ -I %S/Inputs
// RUN: %check_flagspace -check-suffix=USER %s flagspace-deprecated-flag,flagspace-wrong-field,flagspace-wrong-namespace %t -- -- -I %S/Inputs
// The kernel profile switches on by itself in units that define __KERNEL__
// and never in user-space units. In a kernel unit the deprecated spellings
// are the kernel implementing them (not reported) and uapi misuse is still
// reported; in a user-space unit the same code is checked by the user-space
// rules only: a struct named file is not the kernel's.
#include "kernel-vfs.h"

// fs/fcntl.c: the kernel accepts the legacy names.
#define SETFL_MASK (O_APPEND | O_NONBLOCK | O_NDELAY | O_DIRECT | O_NOATIME)
// CHECK-MESSAGES-USER: :[[@LINE-1]]:45: warning: O_NDELAY is deprecated; use O_NONBLOCK (System V spelling; the same flag on Linux) [deprecated] [flagspace-deprecated-flag]
// CHECK-FIXES-USER: #define SETFL_MASK (O_APPEND | O_NONBLOCK | O_NONBLOCK | O_DIRECT | O_NOATIME)

int setfl(struct file *filp, unsigned int arg) {
  if ((arg ^ filp->f_flags) & FASYNC)
  // CHECK-MESSAGES-USER: :[[@LINE-1]]:31: warning: FASYNC is deprecated; use O_ASYNC (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES-USER: if ((arg ^ filp->f_flags) & O_ASYNC)
    return 1;
  filp->f_flags = (arg & SETFL_MASK) | (filp->f_flags & ~SETFL_MASK);
  // The kernel's namespaces: only kernel units know them.
  return (filp->f_flags & FMODE_WRITE) != 0;
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:27: warning: FMODE_WRITE belongs in file.f_mode, not file.f_flags: here 0x2 means O_RDWR [misbehaves] [flagspace-wrong-field]
}

// uapi misuse inside the kernel is still reported.
void uapi(struct open_how *how) {
  how->flags = O_RDONLY | RESOLVE_BENEATH;
  // CHECK-MESSAGES-KERNEL: :[[@LINE-1]]:27: warning: RESOLVE_BENEATH belongs in open_how.resolve, not open_how.flags: here 0x8 matches no O_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  // CHECK-MESSAGES-USER: :[[@LINE-2]]:27: warning: RESOLVE_BENEATH belongs in open_how.resolve, not open_how.flags: here 0x8 matches no O_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
}
