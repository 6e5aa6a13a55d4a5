// RUN: %check_flagspace %s flagspace-invalid-combination,flagspace-unnamed-number %t
// RUN: %check_flagspace %s flagspace-invalid-combination,flagspace-unnamed-number %t -- -- -x c++ -std=gnu++17
// A wrapper that adds flags of its own to the caller's (`flags |
// MNT_EXPIRE`, `MS_BIND | extra`) is checked at each call with both: the
// flags it adds are constants, glibc's enumerators (MS_*, MNT_*) too. A
// finding that the caller's value makes, about a flag the wrapper adds
// (MNT_FORCE added to the caller's MNT_EXPIRE, MS_BIND without the
// caller naming MS_NOSUID, MS_NODEV or MS_NOEXEC) or about the value
// passed (a truth value), points at what the call gives. A wrapper whose
// own flags clash (MNT_EXPIRE | MNT_DETACH) is not reported where its
// parameter is not known, so it is reported at each call.
#define _GNU_SOURCE
#include <stdbool.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <fcntl.h>
#include <unistd.h>

static int expire(const char *d, int f) { return umount2(d, f | MNT_EXPIRE); }
static int force(const char *d, int f) { return umount2(d, MNT_FORCE | f); }
static int bind_mount(const char *s, const char *d, unsigned long extra) {
  return mount(s, d, NULL, MS_BIND | extra, NULL);
}
static int bind_remount(const char *d, unsigned long fl) {
  return mount(NULL, d, NULL, MS_REMOUNT | MS_BIND | fl, NULL);
}
static int flush(void *p, size_t n, int f) { return msync(p, n, MS_SYNC | f); }
static int always_wrong(const char *d, int f) {
  return umount2(d, f | MNT_EXPIRE | MNT_DETACH);
}
static int remove_at(int dfd, const char *p, int flags) { return unlinkat(dfd, p, flags); }

void wrong(const char *s, const char *d, void *p, size_t n, bool isdir) {
  expire(d, MNT_FORCE);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: MNT_FORCE cannot be combined with MNT_EXPIRE in umount2() flags: the call fails with EINVAL [fails] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :22:61: note: flag passed here
  force(d, MNT_EXPIRE);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: MNT_FORCE cannot be combined with MNT_EXPIRE in umount2() flags: the call fails with EINVAL [fails] [flagspace-invalid-combination]
  bind_mount(s, d, MS_PRIVATE);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: MS_PRIVATE is ignored with MS_BIND in mount() mountflags: a bind mount keeps the options of the mount it copies; change them with a second mount() of MS_BIND|MS_REMOUNT and the flags [ignored] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :25:38: note: flag passed here
  bind_mount(s, d, MS_RDONLY | MS_REC);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: MS_RDONLY is ignored with MS_BIND in mount() mountflags: {{.*}} [ignored] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :25:38: note: flag passed here
  bind_remount(d, MS_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_BIND in mount() mountflags without MS_NOSUID, MS_NODEV or MS_NOEXEC: a bind remount replaces every per-mount flag, so a nosuid, nodev or noexec the mount had is cleared (and where a user namespace locked them the call fails with EPERM); OR in the flags the mount has (statvfs() f_flag ST_NOSUID, ST_NODEV, ST_NOEXEC) or name them [misbehaves] [flagspace-invalid-combination]
  flush(p, n, MS_ASYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: MS_ASYNC cannot be combined with MS_SYNC in msync() flags: the call fails with EINVAL [fails] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :30:75: note: flag passed here
  remove_at(AT_FDCWD, d, isdir);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: unlinkat() flags gets a truth value (0 or 1), and 1 is no AT_* flag it takes: when it is true, the call fails with EINVAL; it takes AT_REMOVEDIR [fails] [flagspace-unnamed-number]
  always_wrong(d, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MNT_DETACH cannot be combined with MNT_EXPIRE in umount2() flags: the call fails with EINVAL [fails] [flagspace-invalid-combination]
}

// Right code: nothing may be reported below.
void right(const char *s, const char *d, void *p, size_t n, int isdir,
           unsigned long extra, struct statvfs *st) {
  expire(d, 0);
  expire(d, UMOUNT_NOFOLLOW);
  force(d, MNT_DETACH);
  bind_mount(s, d, MS_REC);
  bind_mount(s, d, 0);
  bind_mount(s, d, extra);
  bind_remount(d, MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC);
  bind_remount(d, MS_RDONLY | extra);
  flush(p, n, MS_INVALIDATE);
  flush(p, n, 0);
  remove_at(AT_FDCWD, d, isdir ? AT_REMOVEDIR : 0);
}
