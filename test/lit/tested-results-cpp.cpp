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

  // A getter's result returned by a member function, written back with
  // the other command; a virtual one may be overridden: not followed.
  int fdFlags() const { return ::fcntl(Fd, F_GETFD); }
  int statusFlags() const { return ::fcntl(Fd, F_GETFL); }
  virtual int anyFlags() const { return ::fcntl(Fd, F_GETFD); }
  void nonblock() { ::fcntl(Fd, F_SETFL, fdFlags() | O_NONBLOCK); }
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
  void nonblockRight() { ::fcntl(Fd, F_SETFL, statusFlags() | O_NONBLOCK); }
  void nonblockVirtual() { ::fcntl(Fd, F_SETFL, anyFlags() | O_NONBLOCK); }

private:
  int Fd = -1;
};

// A getter's result kept in a member by one member function and written
// back by another; the constructor's 0 holds no result.
class Saved {
public:
  explicit Saved(int fd) : Fd(fd), Flags(0) {}
  void save() { Flags = ::fcntl(Fd, F_GETFD); }
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: fcntl(F_GETFD) result holds FD_* flags, but fcntl(F_SETFL) arg takes O_*: written back there, its bits mean something else; use F_GETFL [misbehaves] [flagspace-wrong-namespace]
  void nonblock() { ::fcntl(Fd, F_SETFL, Flags | O_NONBLOCK); }

private:
  int Fd;
  int Flags;
};
class SavedRight {
public:
  explicit SavedRight(int fd) : Fd(fd), Flags(0) {}
  void save() { Flags = ::fcntl(Fd, F_GETFL); }
  void nonblock() { ::fcntl(Fd, F_SETFL, Flags | O_NONBLOCK); }

private:
  int Fd;
  int Flags;
};

int use() {
  Saved(0).nonblock();
  SavedRight(0).nonblock();
  Descriptor().nonblock();
  return Descriptor().closesOnExec() + Descriptor().lease();
}
