// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// A bind remount (MS_REMOUNT|MS_BIND) replaces every per-mount flag with
// those it is given: a nosuid, nodev or noexec the mount had is cleared
// unless it is given again (and where a user namespace locked them, the
// call fails with EPERM). Reported only where the flags are a literal
// combination naming none of the three; code that ORs in the flags the
// mount has (statvfs() f_flag, as crun, bubblewrap, lxc and systemd do)
// stays silent.
#define _GNU_SOURCE
#include <stddef.h>
#include <sys/mount.h>
#include <sys/statvfs.h>

void wrong(const char *src, const char *dst, int cond) {
  mount(src, dst, NULL, MS_BIND | MS_REC, NULL);
  mount(NULL, dst, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: MS_BIND in mount() mountflags without MS_NOSUID, MS_NODEV or MS_NOEXEC: a bind remount replaces every per-mount flag, so a nosuid, nodev or noexec the mount had is cleared (and where a user namespace locked them the call fails with EPERM); OR in the flags the mount has (statvfs() f_flag ST_NOSUID, ST_NODEV, ST_NOEXEC) or name them [misbehaves] [flagspace-invalid-combination]
  // Built up over several statements: pointed at where MS_BIND is written.
  unsigned long fl = MS_BIND | MS_REMOUNT;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: MS_BIND in mount() mountflags without MS_NOSUID, MS_NODEV or MS_NOEXEC: {{.*}} [misbehaves] [flagspace-invalid-combination]
  if (cond)
    fl |= MS_RDONLY;
  mount(NULL, dst, NULL, fl, NULL);
}

// A table of remounts: MS_REMOUNT is in every entry, so on every path.
struct remount { const char *dst; unsigned long flags; };
static const struct remount read_only[] = {
  { "/proc/sys", MS_REMOUNT | MS_BIND | MS_RDONLY },
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:31: warning: MS_BIND in mount() mountflags without MS_NOSUID, MS_NODEV or MS_NOEXEC: {{.*}} [misbehaves] [flagspace-invalid-combination]
  { "/sys", MS_REMOUNT | MS_BIND | MS_RDONLY },
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:26: warning: MS_BIND in mount() mountflags without MS_NOSUID, MS_NODEV or MS_NOEXEC: {{.*}} [misbehaves] [flagspace-invalid-combination]
};
void remount_all(void) {
  for (size_t i = 0; i < sizeof read_only / sizeof read_only[0]; i++)
    mount(NULL, read_only[i].dst, NULL, read_only[i].flags, NULL);
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:41: note: flag passed here
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:41: note: flag passed here
}

// Right code: the flags the mount has are read and kept, or named.
static unsigned long mount_flags_of(const struct statvfs *st) {
  unsigned long fl = 0;
  if (st->f_flag & ST_NOSUID)
    fl |= MS_NOSUID;
  if (st->f_flag & ST_NODEV)
    fl |= MS_NODEV;
  if (st->f_flag & ST_NOEXEC)
    fl |= MS_NOEXEC;
  return fl;
}

int right(const char *src, const char *dst, unsigned long extra, int cond) {
  struct statvfs st;
  mount(src, dst, NULL, MS_BIND | MS_REC, NULL);
  if (statvfs(dst, &st) < 0)
    return -1;
  mount(NULL, dst, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | mount_flags_of(&st), NULL);
  mount(NULL, dst, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | extra, NULL);
  mount(NULL, dst, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL);
  unsigned long fl = MS_BIND | MS_REMOUNT | MS_RDONLY;
  if (st.f_flag & ST_NOSUID)
    fl |= MS_NOSUID;
  mount(NULL, dst, NULL, fl, NULL);
  // A remount of the superblock, a remount on some paths only.
  mount(NULL, dst, NULL, MS_REMOUNT | MS_RDONLY, NULL);
  mount(NULL, dst, NULL, MS_BIND | (cond ? MS_REMOUNT : 0), NULL);
  return 0;
}
// Tables whose entries name the flags, or of which one is a plain bind.
static const struct remount named[] = {
  { "/a", MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID },
  { "/b", MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV },
};
static const struct remount mixed[] = {
  { "/a", MS_BIND | MS_REC },
  { "/b", MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID },
};
void remount_right(void) {
  for (size_t i = 0; i < 2; i++)
    mount(NULL, named[i].dst, NULL, named[i].flags, NULL);
  for (size_t i = 0; i < 2; i++)
    mount(NULL, mixed[i].dst, NULL, mixed[i].flags, NULL);
}
