// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// O_EXCL without O_CREAT (or O_TMPFILE) makes only the open of a block
// device exclusive (man 2 open); on any other file it is ignored, and the
// open succeeds whether the file exists or not. A device tool opens its
// devices so on purpose, so the finding needs a path that is certainly no
// device: a string literal outside /dev and /proc (rules/fcntl.rules,
// file=).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PID_FILE "/run/daemon.pid"

int lock_file(void) {
  int fd = open("/tmp/daemon.lock", O_RDWR | O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: O_EXCL in open() flags is ignored without O_CREAT or O_TMPFILE: alone it only makes the open of a block device exclusive; on any other file the call succeeds whether the file exists or not; to fail when it exists add O_CREAT [ignored] [flagspace-invalid-combination]
  close(fd);
  fd = openat(AT_FDCWD, PID_FILE, O_WRONLY | O_EXCL | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: O_EXCL in openat() flags is ignored without O_CREAT or O_TMPFILE: {{.*}} [ignored] [flagspace-invalid-combination]
  close(fd);
  return (int)syscall(SYS_openat, AT_FDCWD, "state.db", O_RDWR | O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: O_EXCL in syscall(SYS_openat) flags is ignored without O_CREAT or O_TMPFILE: {{.*}} [ignored] [flagspace-invalid-combination]
}

// Right code: nothing may be reported below.
int device_tools(const char *dev, int flags) {
  int fd = open(dev, O_RDWR | O_EXCL);         // a device named at run time
  close(fd);
  fd = open("/dev/sdb", O_RDONLY | O_EXCL);    // a block device: exclusive
  close(fd);
  fd = open("/proc/self/fd/3", O_RDONLY | O_EXCL);
  close(fd);
  fd = open("/tmp/daemon.lock", O_RDWR | O_CREAT | O_EXCL, 0600);
  close(fd);
  fd = open("/tmp", O_RDWR | O_TMPFILE | O_EXCL, 0600);
  close(fd);
  return open("/tmp/x", flags | O_EXCL);       // the flags are not known
}
