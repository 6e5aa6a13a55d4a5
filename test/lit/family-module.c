// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// Kernel modules, through raw syscall() as glibc has no wrappers.
// finit_module(2) takes MODULE_INIT_* (others fail with EINVAL);
// delete_module(2) reads O_NONBLOCK and O_TRUNC (force) and ignores the rest.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/module.h>
#include <sys/syscall.h>
#include <unistd.h>

void wrong(int fd) {
  syscall(SYS_finit_module, fd, "", O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: O_CLOEXEC is from the O_* namespace, not MODULE_INIT_*: in syscall(SYS_finit_module) flags 0x80000 matches no MODULE_INIT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_finit_module, fd, "", MODULE_INIT_IGNORE_VERMAGIC | AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: AT_EMPTY_PATH is from the AT_* namespace, not MODULE_INIT_*: in syscall(SYS_finit_module) flags 0x1000 matches no MODULE_INIT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-namespace]
  syscall(SYS_delete_module, "loop", O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: O_RDWR is not accepted by syscall(SYS_delete_module) flags: it is ignored; it takes O_NONBLOCK, O_TRUNC [ignored] [flagspace-unsupported-flag]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fd, unsigned flags) {
  syscall(SYS_finit_module, fd, "", 0);
  syscall(SYS_finit_module, fd, "", MODULE_INIT_IGNORE_MODVERSIONS | MODULE_INIT_IGNORE_VERMAGIC);
  syscall(SYS_finit_module, fd, "", MODULE_INIT_COMPRESSED_FILE);
  syscall(SYS_finit_module, fd, "", flags);
  syscall(SYS_delete_module, "loop", O_NONBLOCK);
  syscall(SYS_delete_module, "loop", O_NONBLOCK | O_TRUNC);
  syscall(SYS_delete_module, "loop", 0);
}
