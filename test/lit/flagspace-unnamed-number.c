// RUN: %check_flagspace %s flagspace-unnamed-number %t
// RUN: %check_flagspace -check-suffixes=,CXX %s flagspace-unnamed-number %t -- -- -x c++ -std=gnu++17
// flagspace-unnamed-number: a number, a computed constant or a truth value
// (a comparison, a bool) where an argument takes flags or an
// enumeration's value and rejects the rest (bits=einval, eopnotsupp):
// the bits no flag it takes has make the call fail. A number whose bits
// the argument takes may be right and is never reported, nor one where
// the argument ignores what it does not take (open()'s flags).
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define FOLLOW 1

static int stat_at(int dfd, const char *p, struct stat *st, int flags) {
  return fstatat(dfd, p, st, flags);
}

void wrong(int dfd, const char *p, struct stat *st, bool nofollow, int x,
           void *addr, size_t len) {
  fstatat(dfd, p, st, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 0x1 in fstatat() flags is no AT_* flag it takes: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  fstatat(dfd, p, st, FOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 0x1 in fstatat() flags is no AT_* flag it takes: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  fstatat(dfd, p, st, 1 << 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 0x8 in fstatat() flags is no AT_* flag it takes: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  fstatat(dfd, p, st, 0x100 | 0x2);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 0x2 in fstatat() flags is no AT_* flag it takes: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  // A truth value is 1 when it holds.
  fstatat(dfd, p, st, nofollow);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: fstatat() flags gets a truth value (0 or 1), and 1 is no AT_* flag it takes: when it is true, the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  fstatat(dfd, p, st, x > 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: fstatat() flags gets a truth value (0 or 1), and 1 is no AT_* flag it takes: when it is true, the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  // Through a wrapper of the user's, and a raw system call.
  stat_at(dfd, p, st, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 0x2 in fstatat() flags is no AT_* flag it takes: the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
  // CHECK-MESSAGES: :20:30: note: flag passed here
  syscall(SYS_unlinkat, dfd, p, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 0x1 in syscall(SYS_unlinkat) flags is no AT_* flag it takes: the call fails with EINVAL; it takes AT_REMOVEDIR [fails] [flagspace-unnamed-number]
  // An enumeration's value: one of its values, or EINVAL.
  lseek(dfd, 0, 7);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 7 in lseek() whence is no SEEK_* value it takes: the call fails with EINVAL; write it with the SEEK_* names [fails] [flagspace-unnamed-number]
  madvise(addr, len, 30);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 30 in madvise() advice is no MADV_* value it takes: the call fails with EINVAL; write it with the MADV_* names [fails] [flagspace-unnamed-number]
  fcntl(dfd, 99);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 99 in fcntl() cmd is no F_* value it takes: the call fails with EINVAL; write it with the F_* names [fails] [flagspace-unnamed-number]
}

// fcntl() reads one argument after the command: a number or a truth
// value after it is never read (meant as "on" or "off", it does nothing).
void wrong_extra(int fd, bool on) {
  fcntl(fd, F_SETFL, O_NONBLOCK, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 0x1 in fcntl() extra is never read: the call does not read that argument; drop it [ignored] [flagspace-unnamed-number]
  fcntl(fd, F_SETFD, FD_CLOEXEC, on);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: fcntl() extra gets a truth value (0 or 1), which is never read: the call does not read that argument; drop it [ignored] [flagspace-unnamed-number]
  fcntl(fd, F_GETFL, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 0x1 in fcntl(F_GETFL) arg is never read: the call does not read that argument; drop it [ignored] [flagspace-unnamed-number]
}

// An enumeration's value chosen among numbers: each that is the whole
// value on its paths is checked (an arm of ?:, one write of several, one
// return of a helper).
static int advice_of(int kind) {
  if (kind == 1)
    return 2;
  return 31;
}
void wrong_choices(int fd, int end, int kind, void *addr, size_t len) {
  madvise(addr, len, advice_of(kind));
  // CHECK-MESSAGES: :[[@LINE-4]]:10: warning: 31 in madvise() advice is no MADV_* value it takes: the call fails with EINVAL; write it with the MADV_* names [fails] [flagspace-unnamed-number]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: flag passed here
  lseek(fd, 0, end ? 2 : 5);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 5 in lseek() whence is no SEEK_* value it takes: the call fails with EINVAL; write it with the SEEK_* names [fails] [flagspace-unnamed-number]
  int wh = 0;
  if (end)
    wh = 7;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 7 in lseek() whence is no SEEK_* value it takes: the call fails with EINVAL; write it with the SEEK_* names [fails] [flagspace-unnamed-number]
  lseek(fd, 0, wh);
}

#ifdef __cplusplus
namespace box {
bool follows(int);
void wrong_cxx(int dfd, const char *p, struct stat *st) {
  ::fstatat(dfd, p, st, follows(dfd));
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:25: warning: fstatat() flags gets a truth value (0 or 1), and 1 is no AT_* flag it takes: when it is true, the call fails with EINVAL; it takes AT_EMPTY_PATH, AT_NO_AUTOMOUNT, AT_SYMLINK_NOFOLLOW, AT_STATX_SYNC_AS_STAT, AT_STATX_FORCE_SYNC, AT_STATX_DONT_SYNC [fails] [flagspace-unnamed-number]
}
} // namespace box
#endif

// Numbers that may be right, arguments that take any number or ignore
// what they do not take: nothing may be reported below.
void correct(int dfd, const char *p, struct stat *st, int flags, bool b,
             void *addr, size_t len) {
  fstatat(dfd, p, st, 0);
  fstatat(dfd, p, st, 0x100);             // AT_SYMLINK_NOFOLLOW's bits
  fstatat(dfd, p, st, AT_SYMLINK_NOFOLLOW);
  fstatat(dfd, p, st, flags);
  fstatat(dfd, p, st, b ? AT_SYMLINK_NOFOLLOW : 0);
  fstatat(-1, p, st, 0);                  // a descriptor, not flags
  close(open(p, 0));                      // O_RDONLY's value
  close(open(p, 4));                      // open() ignores unknown bits
  close(open(p, O_CREAT | O_WRONLY, 0644));
  mkdir(p, 0755);
  lseek(dfd, 0, 0);                       // SEEK_SET
  lseek(dfd, 0, 3);                       // SEEK_DATA
  madvise(addr, len, 4);                  // MADV_DONTNEED
  fcntl(dfd, 1030, 3);                    // F_DUPFD_CLOEXEC
  faccessat(dfd, p, 6, 0);                // R_OK | W_OK
  mmap(0, len, 3, 0x22, -1, 0);           // PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS
  if (fstatat(dfd, p, st, 0) == 1)        // a result, not an argument
    return;
}
// Numbers each of which the enumeration takes, a helper's error return
// (tested before the call), and a number that is part of a value.
static int seek_of(int kind) {
  switch (kind) {
  case 0: return SEEK_SET;
  case 1: return SEEK_END;
  default: return -1;
  }
}
void correct_extra(int fd, int fl, int arg) {
  fcntl(fd, F_GETFL, 0);
  fcntl(fd, F_GETFD, 0);
  fcntl(fd, F_SETFL, fl | O_NONBLOCK, 0);
  fcntl(fd, F_SETFL, fl, arg);            // not known
}
void correct_choices(int fd, int end, int kind, int whence) {
  lseek(fd, 0, end ? 2 : 0);
  int wh = 1;
  if (end)
    wh = 4;
  lseek(fd, 0, wh);
  int w = seek_of(kind);
  if (w >= 0)
    lseek(fd, 0, w);
  lseek(fd, 0, whence | 4);
  lseek(fd, 0, end ? whence : SEEK_HOLE);
}
