// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode %t -- -- -std=c++17
// C++ shapes of a helper with several returns: a function of an anonymous
// namespace, a switch over an enum class. A known argument (an enumerator,
// a default argument) may pick one return: not guessed.
#include <fcntl.h>

namespace {
int mode(bool w) {
  if (w)
    return O_WRONLY | O_CREAT;
  return O_RDONLY;
}
int pick(int k = 0) {
  if (k)
    return O_WRONLY | O_CREAT;
  return AT_SYMLINK_NOFOLLOW;
}
} // namespace
enum class Kind { Read, Tree };
static int flags_for(Kind k) {
  switch (k) {
  case Kind::Read:
    return O_RDONLY;
  case Kind::Tree:
    return O_RDONLY | AT_REMOVEDIR;
  }
  return O_RDONLY;
}

int use(const char *p, bool x, Kind k) {
  return ::open(p, mode(x)) + ::open(p, flags_for(k));
  // CHECK-MESSAGES: :[[@LINE-7]]:23: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:41: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-3]]:20: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :[[@LINE-25]]:23: note: O_CREAT is set here
}

// Nothing below may be reported.
int quiet(const char *p, bool x) {
  return ::open(p, flags_for(Kind::Read)) + ::open(p, mode(false)) +
         ::open(p, pick()) + ::open(p, mode(x), 0644);
}
