// A skipped body is parsed later when it is needed after all: at the end of
// the unit when a name it uses carries through a declaration after it, or
// when a check reads it (a wrapper's body, the returns of a static
// function, the writes to a static variable). The findings are those of
// clang-tidy with every body parsed.
// REQUIRES: flagspace-runner
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 2>&1 | FileCheck %s \
// RUN:   -implicit-check-not=warning: \
// RUN:   "-implicit-check-not={{late-bodies.c:[0-9]+: }}"
#define _GNU_SOURCE
#include <fcntl.h>

// Wrappers of wrappers: neither body names a flag.
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: inner: skipped
int inner(const char *p, int fl) { return open(p, fl); }
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: outer: skipped
int outer(const char *p, int fl) { int fd = inner(p, fl); return fd; }
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: wrapped: kept, naming AT_REMOVEDIR
int wrapped(void) { return outer("a", AT_REMOVEDIR); }
// CHECK-DAG: late-bodies.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace
// CHECK-DAG: late-bodies.c:[[@LINE-6]]:{{[0-9]+}}: note: flag passed here
// CHECK-DAG: late-bodies.c:[[@LINE-5]]: outer: parsed for the checks (a wrapper)
// CHECK-DAG: late-bodies.c:[[@LINE-8]]: inner: parsed for the checks

// A static function returning constants that are no flag: the value it
// adds is known only from its body.
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: two: skipped
static int two(void) { return 2; }
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: combined: kept, naming O_WRONLY
int combined(const char *p) { return open(p, O_WRONLY | two()); }
// CHECK-DAG: late-bodies.c:[[@LINE-3]]: two: parsed for the checks

// A static variable is followed only if nothing writes it. A name is a
// name: a parameter spelled like a variable that carries is kept too.
static int g_fl = O_RDONLY | AT_SYMLINK_NOFOLLOW;
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: writes: kept, naming O_WRONLY
void writes(void) { g_fl = O_WRONLY; }
int reads(const char *p) { return open(p, g_fl); }
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: same_name: kept, naming g_fl
int same_name(int g_fl) { return g_fl + 1; }
static int other;
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: changes: skipped
void changes(int x) { other = x; }
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: reads_other: kept, naming AT_REMOVEDIR
int reads_other(const char *p) { return open(p, other | AT_REMOVEDIR); }
// CHECK-DAG: late-bodies.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace
// CHECK-DAG: late-bodies.c:[[@LINE-4]]: changes: parsed for the checks, naming other
// CHECK-DAG: late-bodies.c:[[@LINE-10]]: reads: kept, naming g_fl

// A static function that returns a flag, defined after its caller.
static int later(void);
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: early: skipped
int early(const char *p) { return open(p, later()); }
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: later: kept, naming AT_EMPTY_PATH
static int later(void) { return O_RDONLY | AT_EMPTY_PATH; }
// CHECK-DAG: late-bodies.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_EMPTY_PATH is from the AT_* namespace
// CHECK-DAG: late-bodies.c:[[@LINE-4]]:{{[0-9]+}}: note: flag passed here
// CHECK-DAG: late-bodies.c:[[@LINE-5]]: early: parsed at the end, naming later

// A builtin first used in a body parsed late is declared then (clang
// declares a builtin where it is first used): set_mode may change the
// value uses() reads, so it is parsed.
static int g_mode;
// CHECK-DAG: late-bodies.c:[[@LINE+1]]: uses: kept, naming O_WRONLY
int uses(const char *p) { return open(p, O_WRONLY | g_mode); }
void set_mode(int m) { char b[4]; __builtin_memset(b, 0, 4); g_mode = m + b[0]; }
// CHECK-DAG: late-bodies.c:[[@LINE-1]]: set_mode: skipped
// CHECK-DAG: late-bodies.c:[[@LINE-2]]: set_mode: parsed for the checks, naming g_mode
