// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// O_EXCL without O_CREAT in struct open_how's flags, as in open(): it only
// makes the open of a block device exclusive. Reported, as for open(), only
// where the path is a string literal outside /dev and /proc: the path of
// the one call the function gives the struct to, openat2() (raw), which
// the struct's layout rule names.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int initialized(void) {
  struct open_how how = { .flags = O_RDWR | O_EXCL };
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: O_EXCL in open_how.flags is ignored without O_CREAT or O_TMPFILE: alone it only makes the open of a block device exclusive; on any other file the call succeeds whether the file exists or not; to fail when it exists add O_CREAT [ignored] [flagspace-invalid-combination]
  return (int)syscall(SYS_openat2, AT_FDCWD, "/tmp/z.lock", &how, sizeof how);
}

int filled(int dfd) {
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = O_WRONLY | O_EXCL | O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: O_EXCL in open_how.flags is ignored without O_CREAT or O_TMPFILE: {{.*}} [ignored] [flagspace-invalid-combination]
  how.resolve = RESOLVE_BENEATH;
  return (int)syscall(__NR_openat2, dfd, "state.lock", &how, sizeof(how));
}

// Correct code, or a path that may be a device: nothing may be reported.
int right(int dfd, const char *path) {
  struct open_how created = { .flags = O_RDWR | O_EXCL | O_CREAT, .mode = 0600 };
  int fd = (int)syscall(SYS_openat2, dfd, "/tmp/z.lock", &created, sizeof created);
  // A block device is opened exclusively so.
  struct open_how device = { .flags = O_RDWR | O_EXCL };
  fd = (int)syscall(SYS_openat2, dfd, "/dev/sdb", &device, sizeof device);
  // A path that is no literal may name one.
  struct open_how any = { .flags = O_RDONLY | O_EXCL };
  fd = (int)syscall(SYS_openat2, dfd, path, &any, sizeof any);
  // Given to two calls: which path goes with it is not one answer.
  struct open_how twice = { .flags = O_RDONLY | O_EXCL };
  fd = (int)syscall(SYS_openat2, dfd, "/tmp/a", &twice, sizeof twice);
  fd = (int)syscall(SYS_openat2, dfd, "/dev/sda", &twice, sizeof twice);
  // Filled but given to no call here.
  struct open_how kept = { .flags = O_RDONLY | O_EXCL };
  (void)kept;
  return fd;
}
