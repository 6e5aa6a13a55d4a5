// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// C++: a result kept in a local (auto, const) and tested in a member
// function; a switch over a lease; correct code stays silent.
#include <fcntl.h>
#include <sys/file.h>

class Descriptor {
public:
  bool closesOnExec() const {
    const auto flags = ::fcntl(Fd, F_GETFD);
    return (flags & O_CLOEXEC) != 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_GETFD) result 0x80000 matches no FD_* flag; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
    // CHECK-FIXES: return (flags & FD_CLOEXEC) != 0;
  }
  bool closesOnExecRight() const {
    const auto flags = ::fcntl(Fd, F_GETFD);
    return (flags & FD_CLOEXEC) != 0;
  }
  int lease() const {
    switch (fcntl(Fd, F_GETLEASE)) {
    case LOCK_EX:
      // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: LOCK_EX is from the LOCK_* namespace, not F_*: in fcntl(F_GETLEASE) result 0x2 means F_UNLCK; use F_WRLCK [misbehaves] [flagspace-wrong-namespace]
      // CHECK-FIXES: case F_WRLCK:
      return 2;
    case F_RDLCK:
      return 1;
    default:
      return 0;
    }
  }

private:
  int Fd = -1;
};

int use() { return Descriptor().closesOnExec() + Descriptor().lease(); }
