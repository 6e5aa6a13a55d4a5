// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- -- -std=c++17
// C++ shapes of constants and wrappers: constexpr and static constexpr
// members, enum class enumerators, a default argument of a wrapper, a
// member function, a lambda and a namespace-scope function as wrappers.
// Not followed: a virtual method (a call may reach an override). (Template
// arguments: follow-templates-cpp.cpp.)
#include <fcntl.h>
#include <sys/stat.h>

constexpr int kFlags = O_RDONLY | AT_SYMLINK_NOFOLLOW;
int use_constexpr(const char *p) {
  return ::open(p, kFlags);
  // CHECK-MESSAGES: :[[@LINE-3]]:35: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: flag passed here
}

struct Opener {
  static constexpr int Flags = O_RDONLY | AT_EMPTY_PATH;
  int open_it(const char *p, int f) { return ::open(p, f); }
  virtual int open_virtual(const char *p, int f) { return ::open(p, f); }
  virtual ~Opener() = default;
};
int use_member_constant(const char *p) {
  return ::open(p, Opener::Flags);
  // CHECK-MESSAGES: :[[@LINE-7]]:43: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: flag passed here
}

enum class Removal : int { Tree = AT_REMOVEDIR };
int use_enum_class(const char *p) {
  return ::open(p, O_WRONLY | static_cast<int>(Removal::Tree));
  // CHECK-MESSAGES: :[[@LINE-3]]:35: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:48: note: flag passed here
}

static int open_default(const char *p, int mode = AT_SYMLINK_NOFOLLOW) {
  return ::open(p, mode);
}
int use_default(const char *p) {
  return open_default(p);
  // CHECK-MESSAGES: :[[@LINE-5]]:51: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: flag passed here
}

int use_member_function(const char *p, Opener &o) {
  return o.open_it(p, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-29]]:56: note: flag passed here
}

int use_lambda(const char *p) {
  auto opener = [](const char *q, int f) { return ::open(q, f); };
  return opener(p, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-3]]:61: note: flag passed here
}

namespace files {
int open_ro(const char *p, int extra) { return ::open(p, O_RDONLY | extra); }
} // namespace files
int use_namespace(const char *p) {
  return files::open_ro(p, AT_EMPTY_PATH);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-5]]:69: note: flag passed here
}

// Right values, and what is not followed: nothing to report.
constexpr int kStat = AT_SYMLINK_NOFOLLOW;
static int stat_default(const char *p, struct stat *st, int fl = kStat) {
  return ::fstatat(AT_FDCWD, p, st, fl);
}
template <int F> int open_template(const char *p) { return ::open(p, F); }
int quiet(const char *p, Opener &o, struct stat *st) {
  return stat_default(p, st) + o.open_virtual(p, AT_REMOVEDIR) +
         open_template<O_RDONLY>(p) + o.open_it(p, O_RDONLY | O_CLOEXEC);
}
