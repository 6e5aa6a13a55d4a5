// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// A struct zeroed, then filled field by field: a field's one write may be
// `|=`, which or's with the 0 it holds, so the struct is known whole (a
// field left out is 0): MOUNT_ATTR_NOATIME with no MOUNT_ATTR__ATIME in
// attr_clr fails with EINVAL.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/mount.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int zero_init(int dfd, const char *p) {
  struct mount_attr a = {0};
  a.attr_set |= MOUNT_ATTR_NOATIME;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: MOUNT_ATTR_NOATIME in mount_attr.attr_set needs MOUNT_ATTR__ATIME in mount_attr.attr_clr: without it the call fails with EINVAL; {{.*}} [fails] [flagspace-invalid-combination]
  return (int)syscall(SYS_mount_setattr, dfd, p, 0, &a, sizeof a);
}

int zeroed(int dfd, const char *p) {
  struct mount_attr a;
  memset(&a, 0, sizeof a);
  a.attr_set |= MOUNT_ATTR_STRICTATIME | MOUNT_ATTR_NODEV;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: MOUNT_ATTR_STRICTATIME in mount_attr.attr_set needs MOUNT_ATTR__ATIME in mount_attr.attr_clr: {{.*}} [fails] [flagspace-invalid-combination]
  a.attr_clr = MOUNT_ATTR_RDONLY;
  return (int)syscall(SYS_mount_setattr, dfd, p, 0, &a, sizeof a);
}

// Nothing below may be reported.
int right(int dfd, const char *p, unsigned long more) {
  struct mount_attr a = {0};
  a.attr_set |= MOUNT_ATTR_NOATIME;
  a.attr_clr |= MOUNT_ATTR__ATIME;
  int r = (int)syscall(SYS_mount_setattr, dfd, p, 0, &a, sizeof a);
  // Or'ed twice: the first write is no longer the value.
  struct mount_attr b = {0};
  b.attr_set |= MOUNT_ATTR_NOATIME;
  b.attr_set |= more;
  r += (int)syscall(SYS_mount_setattr, dfd, p, 0, &b, sizeof b);
  // Not zeroed: the old value is not known.
  struct mount_attr c;
  c.attr_set |= MOUNT_ATTR_NOATIME;
  return r + (int)syscall(SYS_mount_setattr, dfd, p, 0, &c, sizeof c);
}
