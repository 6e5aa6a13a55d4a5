// A struct of the unit's own laid out like a kernel struct takes its field
// rules once a call passes it where the kernel reads that struct: the
// writes before it, elsewhere, are then checked. So a body that names such
// a call (openat2, mount_setattr, clone3, or their syscall numbers) is
// kept even when it names no flag: here the wrapper that confirms
// struct my_attr is a copy of struct mount_attr.
// REQUIRES: flagspace-runner
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 2>&1 | FileCheck %s -implicit-check-not=warning: \
// RUN:   "-implicit-check-not={{layout-calls.c:[0-9]+: }}"
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/mount.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

struct my_attr {
  uint64_t attr_set, attr_clr, propagation, userns_fd;
};

// CHECK-DAG: layout-calls.c:[[@LINE+1]]: set_it: kept, naming MS_RDONLY
static void set_it(struct my_attr *a) { a->attr_set = MS_RDONLY; }
// CHECK-DAG: layout-calls.c:[[@LINE-1]]:{{[0-9]+}}: warning: MS_RDONLY is from the MS_* namespace, not MOUNT_ATTR_*

// CHECK-DAG: layout-calls.c:[[@LINE+1]]: my_setattr: kept, naming __NR_mount_setattr
static int my_setattr(int fd, const char *p, unsigned fl, struct my_attr *a) {
  return (int)syscall(__NR_mount_setattr, fd, p, fl, a, sizeof(*a));
}

// CHECK-DAG: layout-calls.c:[[@LINE+1]]: use: kept, naming AT_EMPTY_PATH
int use(int fd) {
  struct my_attr attr = {0};
  set_it(&attr);
  return my_setattr(fd, "", AT_EMPTY_PATH, &attr);
}
