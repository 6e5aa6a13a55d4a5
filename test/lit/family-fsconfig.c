// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// fsconfig(2)'s aux: the length for FSCONFIG_SET_BINARY, a descriptor for
// FSCONFIG_SET_FD, a directory descriptor (or AT_FDCWD) for the path
// commands, and 0 for the others, which fail with EINVAL otherwise: a mount
// flag written there as the value of a "ro" flag makes the call fail.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mount.h>

void wrong(int fs, int fd) {
  fsconfig(fs, FSCONFIG_SET_FLAG, "ro", NULL, MS_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: MS_RDONLY is a flag, but fsconfig(FSCONFIG_SET_FLAG) aux must be 0: 0x1 there makes the call fail with EINVAL{{.*}} [fails] [flagspace-unsupported-flag]
  fsconfig(fs, FSCONFIG_SET_STRING, "source", "/dev/sda1", O_RDONLY | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:71: warning: O_CLOEXEC is a flag, but fsconfig(FSCONFIG_SET_STRING) aux must be 0: 0x80000 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, AT_FDCWD);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: AT_FDCWD is a flag, but fsconfig(FSCONFIG_CMD_CREATE) aux must be 0: -100 there makes the call fail with EINVAL [fails] [flagspace-unsupported-flag]
  fsconfig(fs, FSCONFIG_SET_PATH, "source", "dev/sda1", O_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: O_PATH is from the O_* namespace, not AT_FDCWD: {{.*}} [ignored] [flagspace-wrong-namespace]
  fsconfig(fs, FSCONFIG_SET_FD, "source", NULL, O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: O_RDWR is a flag, but fsconfig(FSCONFIG_SET_FD) aux is not a flag argument: 0x2 is used as a number [misbehaves] [flagspace-wrong-namespace]
}
// Correct, idiomatic code: nothing may be reported below.
void correct(int fs, int fd, int dfd, const void *blob, int len) {
  fsconfig(fs, FSCONFIG_SET_FLAG, "ro", NULL, 0);
  fsconfig(fs, FSCONFIG_SET_STRING, "source", "/dev/sda1", 0);
  fsconfig(fs, FSCONFIG_SET_BINARY, "key", blob, len);
  fsconfig(fs, FSCONFIG_SET_PATH, "source", "/dev/sda1", AT_FDCWD);
  fsconfig(fs, FSCONFIG_SET_PATH_EMPTY, "source", "", dfd);
  fsconfig(fs, FSCONFIG_SET_FD, "source", NULL, fd);
  fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0);
  fsconfig(fs, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0);
}
