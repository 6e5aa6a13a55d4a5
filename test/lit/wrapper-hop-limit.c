// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- -- -DFAR_FIRST
// A wrapper's flows are the same whichever call reaches it first: a far
// caller that reaches w5 past the hop limit (through x4..x0) must not hide
// the finding of a near one, in either order. The called wrapper may reach
// the known call through at most eight more wrappers.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int w0(const char *p, int fl);
static int w1(const char *p, int fl);
static int w2(const char *p, int fl);
static int w3(const char *p, int fl);
static int w4(const char *p, int fl);
static int w5(const char *p, int fl);
static int x0(const char *p, int fl);
static int x1(const char *p, int fl);
static int x2(const char *p, int fl);
static int x3(const char *p, int fl);
static int x4(const char *p, int fl);

#ifdef FAR_FIRST
int far(const char *p, int fl) { return x4(p, fl); }
#endif

int near(const char *p) {
  return w5(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :48:55: note: flag passed here
}

#ifndef FAR_FIRST
int far(const char *p, int fl) { return x4(p, fl); }
#endif

static int x4(const char *p, int fl) { return x3(p, fl); }
static int x3(const char *p, int fl) { return x2(p, fl); }
static int x2(const char *p, int fl) { return x1(p, fl); }
static int x1(const char *p, int fl) { return x0(p, fl); }
static int x0(const char *p, int fl) { return w5(p, fl); }
static int w5(const char *p, int fl) { return w4(p, fl); }
static int w4(const char *p, int fl) { return w3(p, fl); }
static int w3(const char *p, int fl) { return w2(p, fl); }
static int w2(const char *p, int fl) { return w1(p, fl); }
static int w1(const char *p, int fl) { return w0(p, fl); }
static int w0(const char *p, int fl) { return open(p, fl); }

// x2 reaches open() through eight more wrappers (x1, x0, w5..w0): reported.
// x3 would take nine: not inferred.
int at_limit(const char *p) {
  return x2(p, O_RDONLY | AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :48:55: note: flag passed here
}
int past_limit(const char *p) { return x3(p, O_RDONLY | AT_EMPTY_PATH); }
