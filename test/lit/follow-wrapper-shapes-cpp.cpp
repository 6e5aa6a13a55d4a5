// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode %t -- -- -std=c++17
// C++ wrappers of other shapes: a static member function, a function in a
// namespace, overloads (the one the call picks is the one followed), and a
// variadic template forwarding its pack to open(). Each is checked at its
// call as open() would check it, with a note where the wrapper passes the
// flag on.
#include <fcntl.h>
#include <sys/stat.h>

struct Files {
  static int open_static(const char *p, int flags) { return ::open(p, flags); }
};
int use_static(const char *p) {
  return Files::open_static(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :11:71: note: flag passed here
}

namespace fs {
namespace detail {
inline int open_in(const char *p, int flags) { return ::open(p, flags | O_CLOEXEC); }
} // namespace detail
} // namespace fs
int use_namespace(const char *p) {
  return fs::detail::open_in(p, AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :21:65: note: flag passed here
}

// Overloads: the second one passes its third parameter to openat()'s
// mode, not to flags.
static int pick(const char *p, int flags) { return ::open(p, flags); }
static int pick(const char *p, int dirfd, int n) {
  return ::openat(dirfd, p, O_RDONLY) + n;
}
int use_overload(const char *p) {
  return pick(p, AT_SYMLINK_NOFOLLOW) + pick(p, AT_FDCWD, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :32:62: note: flag passed here
}

// A variadic template forwarding its pack: each specialization is a
// wrapper of its own.
template <class... A> int xopen(const char *p, A... a) { return ::open(p, a...); }
int use_pack(const char *p) {
  return xopen(p, AT_SYMLINK_NOFOLLOW) + xopen(p, O_WRONLY | O_CREAT, 0644) +
         xopen(p, O_RDONLY | O_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-2]]:19: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :44:75: note: flag passed here
}

// Nothing below may be reported.
int right(const char *p) {
  return Files::open_static(p, O_RDONLY | O_NOFOLLOW) +
         fs::detail::open_in(p, O_RDONLY) + pick(p, O_RDONLY) +
         pick(p, AT_FDCWD, 0);
}
