// RUN: %check_flagspace %s flagspace-mode-string %t
// fopen()-family mode strings are open flags written as letters, and the C
// library reads only some of them (rules/stdio.rules). Only the first letter
// is an access mode: a later r, w or a is ignored by glibc and musl alike,
// so "rw" opens the file read-only. glibc's popen() takes r or w, and e,
// nothing else. Letters with no meaning on Linux (t, b) are never reported
// in fopen(). A fix-it only where the fix keeps what the call does and adds
// what the ignored letter asked for: "wr" writes as it does and reads too
// with "w+"; "rw" has never written, so "r+" (the file as it is) and "w+"
// (created or truncated) are both possible: no fix-it. Through the unit's
// own wrappers too, reported at the caller's argument and fixed there as
// in a direct call where the caller writes the literal (not a macro's).
#define _GNU_SOURCE
#include <stdio.h>

#define MODE "rw"
#define WR "wr"
#define OPEN_RW(p) fopen(p, "rw")
#define XFOPEN_WR(p) xfopen(p, "wr")
// A wrapper's caller never changes a macro's literal.
// CHECK-FIXES: #define WR "wr"
// CHECK-FIXES: #define XFOPEN_WR(p) xfopen(p, "wr")

FILE *wrong(const char *p, int fd) {
  FILE *f = fopen(p, "rw");
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'w' in fopen() mode "rw" is ignored: only the first letter says how the file is opened, and "r" opens it for reading only, so writes fail with EBADF; use "r+" to read and write it as it is, or "w+" to create or truncate it [ignored] [flagspace-mode-string]
  // CHECK-FIXES: FILE *f = fopen(p, "rw");
  f = fopen(p, "wr");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'r' in fopen() mode "wr" is ignored: only the first letter says how the file is opened, and "w" opens it for writing only, created or truncated, so reads fail with EBADF; use "w+" to read it too [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = fopen(p, "w+");
  f = fopen(p, "r+w");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'w' in fopen() mode "r+w" is ignored: only the first letter says how the file is opened, and "r+" reads and writes it without creating or truncating it; use "w+" to create or truncate it [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = fopen(p, "r+w");
  f = fopen(p, "rx");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'x' in fopen() mode "rx" is ignored: it makes the open fail where the file exists (O_EXCL), and "r" never creates a file (on a block device in use, the open fails with EBUSY); use "wx" to create a file that must not exist [ignored] [flagspace-mode-string]
  f = fopen(p, "+r");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: fopen() mode "+r" starts with '+': fopen() fails with EINVAL unless the mode starts with r, w or a [fails] [flagspace-mode-string]
  f = freopen(p, "wa", f);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'a' in freopen() mode "wa" is ignored: {{.*}}; use "a" to append to it, creating it if missing [ignored] [flagspace-mode-string]
  f = fdopen(fd, "ar");
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'r' in fdopen() mode "ar" is ignored: {{.*}} "a" opens it for appending only, created if missing, so reads fail with EBADF; use "a+" to read it too [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = fdopen(fd, "a+");
  // Behind the user's macros: reported where the literal is written, no fix.
  f = fopen(p, MODE);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'w' in fopen() mode "rw" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  f = OPEN_RW(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'w' in fopen() mode "rw" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  return f;
}

FILE *wrong_popen(const char *cmd) {
  FILE *f = popen(cmd, "rb");
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'b' in popen() type "rb" makes glibc's popen() fail with EINVAL: it takes no letter but r or w and e (musl's popen() reads the first letter only); use "r" [fails] [flagspace-mode-string]
  // CHECK-FIXES: FILE *f = popen(cmd, "r");
  f = popen(cmd, "r+");
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: '+' in popen() type "r+" makes glibc's popen() fail with EINVAL: {{.*}}; use one of r or w [fails] [flagspace-mode-string]
  // CHECK-FIXES: f = popen(cmd, "r+");
  f = popen(cmd, "rw");
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: popen() type "rw" has more than one of r or w: glibc's popen() fails with EINVAL unless it has one {{.*}} [fails] [flagspace-mode-string]
  f = popen(cmd, "wte");
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 't' in popen() type "wte" makes glibc's popen() fail with EINVAL: {{.*}}; use "we" [fails] [flagspace-mode-string]
  // CHECK-FIXES: f = popen(cmd, "we");
  return f;
}

// The unit's own wrappers: the caller's literal is checked as the inner
// call reads it, and reported and fixed where the caller writes it.
static FILE *xfopen(const char *p, const char *m) {
  FILE *f = fopen(p, m);
  if (!f)
    perror(p);
  return f;
}
static FILE *twice(const char *p, const char *m) { return xfopen(p, m); }
static FILE *run(const char *c, const char *t) { return popen(c, t); }
// A wrapper that also hands the mode to another function: not followed.
static FILE *logged(const char *p, const char *m) {
  printf("%s\n", m);
  return fopen(p, m);
}

FILE *wrapped(const char *p, int rw) {
  FILE *f = xfopen(p, "rw");
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'w' in fopen() mode "rw" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  // CHECK-FIXES: FILE *f = xfopen(p, "rw");
  // The caller's literal is fixed as fopen(p, "wr") is.
  f = xfopen(p, "wr");
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'r' in fopen() mode "wr" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = xfopen(p, "w+");
  f = twice(p, "r+w");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'w' in fopen() mode "r+w" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = twice(p, "r+w");
  f = twice(p, "ar");
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'r' in fopen() mode "ar" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = twice(p, "a+");
  // Not a literal the caller writes: reported, not fixed (as fopen(p, MODE)).
  f = xfopen(p, MODE);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'w' in fopen() mode "rw" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  f = xfopen(p, WR);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'r' in fopen() mode "wr" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = xfopen(p, WR);
  f = XFOPEN_WR(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'r' in fopen() mode "wr" is ignored: {{.*}} [ignored] [flagspace-mode-string]
  // CHECK-FIXES: f = XFOPEN_WR(p);
  f = xfopen(p, rw ? "wr" : "r");
  f = run(p, "rb");
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'b' in popen() type "rb" makes glibc's popen() fail with EINVAL: {{.*}}; use "r" [fails] [flagspace-mode-string]
  // CHECK-FIXES: f = run(p, "r");
  f = xfopen(p, "r+");
  f = xfopen("/etc/rw", "r");
  f = logged(p, "rw");
  return f;
}

FILE *right(const char *p, const char *mode, int fd, int rw, char *buf) {
  FILE *f = fopen(p, "r");
  f = fopen(p, "rb");
  f = fopen(p, "r+");
  f = fopen(p, "w+");
  f = fopen(p, "ab+");
  f = fopen(p, "re");
  f = fopen(p, "rt");
  f = fopen(p, "rbe");
  f = fopen(p, "wx");
  f = fopen(p, "w+b");
  f = fopen(p, "w,ccs=UTF-8");
  f = fopen(p, "a,ccs=ascii");
  f = fopen(p, mode);
  f = fopen(p, rw ? "r+" : "r");
  f = fdopen(fd, "rb");
  f = fmemopen(buf, 16, "rb+");
  f = popen(p, "r");
  f = popen(p, "we");
  f = popen(p, "re");
  // A mode the program builds.
  char m[4] = {'r', 0, 0, 0};
  if (rw)
    m[1] = '+';
  f = fopen(p, m);
  return f;
}
