// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// C++: the C library's functions however they are named; never a function of
// the same name that is not the C library's.
#include <fcntl.h>
#include <unistd.h>

namespace mine {
int open(const char *, int);
}
struct File {
  int open(const char *, int);
};

void calls(const char *p, File &f) {
  ::open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: ::open(p, O_RDONLY | O_NOFOLLOW);
  open(p, O_WRONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  ::fcntl(0, F_SETFD, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_SETFD) arg 0x80000 matches no FD_* flag and is ignored; the call replaces the flags with its argument, so it clears FD_CLOEXEC; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: ::fcntl(0, F_SETFD, FD_CLOEXEC);

  // Not the C library: nothing may be reported.
  mine::open(p, AT_SYMLINK_NOFOLLOW);
  f.open(p, AT_REMOVEDIR);
  constexpr int flags = O_RDONLY | O_CLOEXEC;
  ::open(p, flags);
}
