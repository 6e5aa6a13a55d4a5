// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode %t
// C++ classes of the program's own: a member given a flag by a default
// member initializer, a constructor's member initializer or an assignment
// in another member function, and read where open() is called; a member
// function's default argument. Followed when the unit defines every member
// function (no other unit can write the member) and each value given is a
// constant.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

class LogFile {
  int flags_ = O_WRONLY | O_APPEND | AT_REMOVEDIR;
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
public:
  int open_at(const char *p) { return ::open(p, flags_, 0644); }
};

class Reader {
public:
  Reader() : flags_(O_RDONLY | AT_SYMLINK_NOFOLLOW) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  void follow() { flags_ = O_RDONLY; }
  int open_at(const char *p) const { return ::open(p, flags_); }
private:
  int flags_;
};

// A constructor's member initializers give a creating flag and a mode 0.
class Creating {
public:
  Creating() : flags_(O_CREAT | O_WRONLY), mode_(0) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
  int open_at(const char *p) const { return ::open(p, flags_, mode_); }
private:
  int flags_;
  mode_t mode_;
};

namespace io {
struct Creator {
  int create(const char *p, mode_t mode = 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
    return ::open(p, O_CREAT | O_WRONLY | O_TRUNC, mode);
  }
};
} // namespace io

int use(const char *p) {
  LogFile l;
  Reader r;
  io::Creator c;
  Creating k;
  return l.open_at(p) + r.open_at(p) + c.create(p) + c.create(p, 0600) +
         k.open_at(p);
}

// Nothing below may be reported.
class Elsewhere {
  int flags_ = AT_SYMLINK_NOFOLLOW;
public:
  void reset();               // defined in another unit: may write flags_
  int open_at(const char *p) { return ::open(p, flags_); }
};

class FromCaller {
public:
  explicit FromCaller(int flags) : flags_(flags) {}
  int open_at(const char *p) { return ::open(p, flags_); }
private:
  int flags_;
};

// Two constructors give the mode 0 and 0644: it may be given.
class EitherMode {
public:
  EitherMode() : mode_(0) {}
  explicit EitherMode(bool) : mode_(0644) {}
  int open_at(const char *p) const {
    return ::open(p, O_CREAT | O_WRONLY, mode_);
  }
private:
  mode_t mode_;
};

int quiet(const char *p, int flags) {
  Elsewhere e;
  FromCaller f(flags);
  EitherMode m, w(true);
  return e.open_at(p) + f.open_at(p) + m.open_at(p) + w.open_at(p);
}
