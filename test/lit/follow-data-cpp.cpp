// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- -- -std=c++17
// C++ shapes of flags through data: an aggregate's field set by a brace
// initializer or an assignment (also through a local pointer to it), a
// switch over an enum class, static data.
// Not followed:
// a class with a constructor (what it sets is not read here), a field
// passed by reference, a member function that may change the object, a
// pointer to the object used in other ways.
#include <fcntl.h>
#include <sys/stat.h>

struct Options {
  int open_flags = O_RDONLY;
  int at_flags;
};
enum class Mode { Read, Write, Tree };

int aggregate(const char *p) {
  Options o{O_RDONLY | AT_SYMLINK_NOFOLLOW, 0};
  return ::open(p, o.open_flags);
  // CHECK-MESSAGES: :[[@LINE-2]]:24: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: flag passed here
}

int by_mode(const char *p, Mode m) {
  Options o{};
  switch (m) {
  case Mode::Read:
    o.open_flags = O_RDONLY;
    break;
  case Mode::Write:
    o.open_flags = O_WRONLY;
    break;
  case Mode::Tree:
    o.open_flags = O_RDONLY | AT_REMOVEDIR;
    break;
  }
  return ::open(p, o.open_flags);
  // CHECK-MESSAGES: :[[@LINE-4]]:31: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: flag passed here
}

// Through a local pointer to a local aggregate, used only as `p->f`.
int through_pointer(const char *p) {
  Options o{};
  auto *op = &o;
  op->open_flags = O_RDONLY | AT_REMOVEDIR;
  return ::open(p, op->open_flags);
  // CHECK-MESSAGES: :[[@LINE-2]]:31: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: flag passed here
}

// Static data: a constexpr table, a global of an anonymous namespace that
// nothing changes.
struct Op {
  const char *name;
  int flags;
};
static constexpr Op kOps[] = {{"r", O_RDONLY}, {"t", O_RDONLY | AT_REMOVEDIR}};
namespace {
int gFlags = O_RDONLY | AT_EMPTY_PATH;
int gChanged = O_RDONLY | AT_EMPTY_PATH;
} // namespace
void change() { gChanged = O_RDONLY; }
int by_table(const char *p, int i) {
  return ::open(p, kOps[i].flags) + ::open(p, gFlags) + ::open(p, gChanged);
  // CHECK-MESSAGES: :[[@LINE-8]]:65: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-8]]:25: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-4]]:47: note: flag passed here
}

// Nothing below may be reported.
struct Built {
  Built();
  int open_flags;
  void reset();
};
void adjust(int &flags);
int quiet(const char *p, struct stat *st) {
  Built b;
  Options o{O_RDONLY, AT_SYMLINK_NOFOLLOW};
  Options r{AT_SYMLINK_NOFOLLOW, 0};
  adjust(r.open_flags);
  Built c;
  c.open_flags = AT_SYMLINK_NOFOLLOW;
  c.reset();
  Built d;
  Built *dp = &d;
  dp->open_flags = AT_SYMLINK_NOFOLLOW;
  dp->reset();
  Options e{};
  Options *ep = &e;
  Options &er = *ep;
  ep->open_flags = AT_SYMLINK_NOFOLLOW;
  adjust(er.open_flags);
  return ::open(p, b.open_flags) + ::open(p, o.open_flags) +
         ::fstatat(AT_FDCWD, p, st, o.at_flags) + ::open(p, r.open_flags) +
         ::open(p, c.open_flags) + ::open(p, dp->open_flags) +
         ::open(p, d.open_flags) + ::open(p, ep->open_flags);
}
