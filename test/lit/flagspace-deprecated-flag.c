// RUN: %check_flagspace %s flagspace-deprecated-flag %t
// Legacy spellings, reported as written even where they expand to the
// preferred name; the fix-it writes the preferred one.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mount.h>
#include <linux/stat.h>
#include <sys/stat.h>

int open_flags(const char *p) {
  int r = open(p, O_RDONLY | O_NDELAY);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_NDELAY is deprecated; use O_NONBLOCK (System V spelling; the same flag on Linux) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: int r = open(p, O_RDONLY | O_NONBLOCK);
  r |= open(p, O_WRONLY | O_FSYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_FSYNC is deprecated; use O_SYNC (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: r |= open(p, O_WRONLY | O_SYNC);
  r |= open(p, O_RDONLY | FNDELAY);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FNDELAY is deprecated; use O_NONBLOCK (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: r |= open(p, O_RDONLY | O_NONBLOCK);
  r |= open(p, O_RDONLY | FNONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FNONBLOCK is deprecated; use O_NONBLOCK (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: r |= open(p, O_RDONLY | O_NONBLOCK);
  r |= open(p, O_WRONLY | FAPPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FAPPEND is deprecated; use O_APPEND (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: r |= open(p, O_WRONLY | O_APPEND);
  r |= open(p, O_RDONLY | FASYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FASYNC is deprecated; use O_ASYNC (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: r |= open(p, O_RDONLY | O_ASYNC);
  r |= open(p, O_WRONLY | FFSYNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: FFSYNC is deprecated; use O_SYNC (BSD compatibility name) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: r |= open(p, O_WRONLY | O_SYNC);
  return r;
}

int modes(const char *p) {
  return open(p, O_CREAT | O_WRONLY, S_IREAD | S_IWRITE | S_IEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: S_IREAD is deprecated; use S_IRUSR (UNIX V7 name, not in POSIX) [deprecated] [flagspace-deprecated-flag]
  // CHECK-MESSAGES: :[[@LINE-2]]:48: warning: S_IWRITE is deprecated; use S_IWUSR (UNIX V7 name, not in POSIX) [deprecated] [flagspace-deprecated-flag]
  // CHECK-MESSAGES: :[[@LINE-3]]:59: warning: S_IEXEC is deprecated; use S_IXUSR (UNIX V7 name, not in POSIX) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: return open(p, O_CREAT | O_WRONLY, S_IRUSR | S_IWUSR | S_IXUSR);
}

unsigned statx_mask(unsigned have) {
  return have & STATX_ALL;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: STATX_ALL is deprecated; use STATX_BASIC_STATS|STATX_BTIME (frozen at 0xfff; <linux/stat.h> says not to use it) [deprecated] [flagspace-deprecated-flag]
  // CHECK-FIXES: return have & (STATX_BASIC_STATS|STATX_BTIME);
}

// In the user's own macro: reported once, at the definition, and fixed there.
#define LEGACY_NONBLOCK O_NDELAY
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: O_NDELAY is deprecated; use O_NONBLOCK (System V spelling; the same flag on Linux) [deprecated] [flagspace-deprecated-flag]
// CHECK-FIXES: #define LEGACY_NONBLOCK O_NONBLOCK
int legacy_users(const char *p) {
  return open(p, O_RDONLY | LEGACY_NONBLOCK) | open(p, O_WRONLY | LEGACY_NONBLOCK);
}

// Correct code: nothing may be reported below.
#ifdef O_NDELAY
#endif
#if defined(FNDELAY)
#endif
// A condition asks what the platform defines (socat's xioopts.c): no use.
#if defined(O_NDELAY) && (!defined(O_NONBLOCK) || O_NDELAY != O_NONBLOCK)
#elif O_FSYNC != O_SYNC || FNDELAY
#endif
int correct(const char *p) {
  return open(p, O_RDONLY | O_NONBLOCK | O_SYNC | O_APPEND | O_ASYNC, S_IRUSR | S_IWUSR) &
         (STATX_BASIC_STATS | STATX_BTIME);
}

// Tables and calls that name a flag next to its own name print or export
// it; they do not use it, and the preferred spelling would change the name.
static const struct { unsigned long flag; const char *name; } mount_names[] = {
  { .flag = MS_MANDLOCK, .name = "MS_MANDLOCK" },
  { O_NDELAY, "O_NDELAY" },
};
#define FLAG_NAME(f) { f, #f }
static const struct { unsigned long flag; const char *name; } by_macro[] = {
  FLAG_NAME(MS_MANDLOCK),
  FLAG_NAME(O_FSYNC),
};
int export_constant(void *m, const char *name, long value);
void exports(void *m) {
  export_constant(m, "MS_MANDLOCK", MS_MANDLOCK);
  // Named on its line, but under another name: still reported.
  export_constant(m, "MS_NOATIME", MS_MANDLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: MS_MANDLOCK is deprecated and has no effect; remove it (mandatory locking was removed in Linux 5.15) [ignored] [flagspace-deprecated-flag]
}
// A flag to remove is ignored where it is asked for; cleared (busybox's
// mount options: "nomand" is ~MS_MANDLOCK), it asks for nothing.
static const unsigned long mount_options[] = {
  /* "mand" */ MS_MANDLOCK,
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: MS_MANDLOCK is deprecated and has no effect; remove it (mandatory locking was removed in Linux 5.15) [ignored] [flagspace-deprecated-flag]
  /* "nomand" */ ~MS_MANDLOCK,
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: MS_MANDLOCK is deprecated and has no effect; remove it (mandatory locking was removed in Linux 5.15) [deprecated] [flagspace-deprecated-flag]
  ~( MS_MANDLOCK),
  // CHECK-MESSAGES: :[[@LINE-1]]:6: warning: MS_MANDLOCK is deprecated {{.*}} [deprecated] [flagspace-deprecated-flag]
};
// A macro that stringizes its argument but uses more than the name.
#define LOGGED(e) (log_expr(#e), (e))
int log_expr(const char *);
int logged(const char *p) { return LOGGED(open(p, O_NDELAY)); }
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: O_NDELAY is deprecated; use O_NONBLOCK (System V spelling; the same flag on Linux) [deprecated] [flagspace-deprecated-flag]
// CHECK-FIXES: int logged(const char *p) { return LOGGED(open(p, O_NONBLOCK)); }

// A decoder's table (strace's generated xlat headers): each row names the
// flag with a stringizing macro, a macro of the row keeps its value for the
// table's mask, another its string, and a static assertion checks what the
// platform defines. None asks for the flag.
#include <assert.h>
#define STRINGIFY(x) #x
#define XLAT(v) { (unsigned)(v), #v }
static_assert((O_FSYNC) == (O_SYNC), "O_FSYNC != O_SYNC");
_Static_assert(
    (MS_MANDLOCK) == (64), "MS_MANDLOCK != 64");
static const struct { unsigned val; const char *str; } xlat_data[] = {
  XLAT(O_NDELAY),
#define XLAT_VAL_0 ((unsigned) (O_NDELAY))
#define XLAT_STR_0 STRINGIFY(O_NDELAY)
};
static const struct { unsigned mask; unsigned strsz; } xlat_table = {
  0 | XLAT_VAL_0, 0 + sizeof(XLAT_STR_0)
};
// A macro's body of a name the unit does not stringize is still a use.
#define OLD_MODE ((unsigned) (S_IREAD))
unsigned old_mode(void) { return OLD_MODE; }
// CHECK-MESSAGES: :[[@LINE-2]]:31: warning: S_IREAD is deprecated; use S_IRUSR {{.*}} [flagspace-deprecated-flag]
// CHECK-FIXES: #define OLD_MODE ((unsigned) (S_IRUSR))
// A decoder tells the old magic apart (strace's mount.c): compared, a flag
// to remove is not asked for. A flag to rename is renamed all the same.
int decodes_magic(unsigned long flags) {
  return (flags & 0xffff0000) == MS_MGC_VAL || (MS_MGC_VAL) != flags;
}
int renamed_in_tests(int flags) { return flags == O_NDELAY; }
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: O_NDELAY is deprecated; use O_NONBLOCK {{.*}} [flagspace-deprecated-flag]
// CHECK-FIXES: int renamed_in_tests(int flags) { return flags == O_NONBLOCK; }
unsigned long asks_magic(void) { return MS_MGC_VAL | MS_RDONLY; }
// CHECK-MESSAGES: :[[@LINE-1]]:41: warning: MS_MGC_VAL is deprecated and has no effect; remove it {{.*}} [flagspace-deprecated-flag]
