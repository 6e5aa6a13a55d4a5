// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode,flagspace-invalid-combination %t -- -- -std=c++17
// A class whose constructor stores its parameter in a member that a member
// function later gives to open(): the member holds what each construction
// of the unit gives the parameter (`File f(AT_REMOVEDIR)`), also through a
// derived class passing its own parameter on to the base's constructor, or
// an inherited constructor. Reported at the constructor call's argument,
// with a note where the member is given to the call. Followed when every
// construction is in the unit: the class is declared in the main file and
// all its member functions are defined here.
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

class File {
public:
  File(int fl) : flags_(fl) {}
  int open(const char *p) { return ::open(p, flags_); }
private:
  int flags_;
};

int use_file(const char *p) {
  File f(AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :18:46: note: flag passed here
  File g(O_RDONLY | O_CLOEXEC);
  return f.open(p) + g.open(p);
}

// An enumeration used as a bitmask, stored by the constructor.
enum class Mode : int { Read = O_RDONLY, NoFollow = AT_SYMLINK_NOFOLLOW };
class Opener {
public:
  explicit Opener(Mode m) : mode_(m) {}
  int open_at(const char *p) const { return ::open(p, static_cast<int>(mode_)); }
private:
  Mode mode_;
};
int use_opener(const char *p) {
  Opener o(Mode::NoFollow);
  return o.open_at(p);
  // CHECK-MESSAGES: :32:53: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :36:72: note: flag passed here
}

// A derived class passes its parameter on to the base's constructor; a
// creating flag reaches open() without a mode.
struct Creator {
  int fl_;
  Creator(int fl) : fl_(fl) {}
  int make(const char *p) { return ::open(p, fl_); }
};
class TruncatingCreator : public Creator {
public:
  TruncatingCreator(int extra) : Creator(extra) {}
};
int use_derived(const char *p) {
  TruncatingCreator t(O_WRONLY | O_CREAT);
  return t.make(p);
  // CHECK-MESSAGES: :52:46: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :59:34: note: O_CREAT is set here
}

// Nothing below may be reported.
class Good {
public:
  Good(int fl, mode_t mode = 0644) : flags_(fl), mode_(mode) {}
  int open(const char *p) { return ::open(p, flags_, mode_); }
private:
  int flags_;
  mode_t mode_;
};
int use_good(const char *p) {
  Good a(O_RDONLY | O_NOFOLLOW);
  Good b(O_WRONLY | O_CREAT | O_TRUNC);
  return a.open(p) + b.open(p);
}

// A construction giving what the caller passes: the member may hold
// anything, so nothing is said of the other constructions either.
struct Any {
  int flags_;
  Any(int fl) { flags_ = fl; }
  int open(const char *p) { return ::open(p, flags_); }
};
int use_any(const char *p, int flags) {
  Any a(AT_REMOVEDIR);
  Any b(flags);
  return a.open(p) + b.open(p);
}

// Constructed in the library's template (std::make_unique): what it gives
// is not followed.
struct Made {
  explicit Made(unsigned extra) : extra_(extra) {}
  int open(const char *p) { return ::open(p, O_RDONLY | extra_); }
  unsigned extra_;
};
int use_made(const char *p, int flags) {
  Made m(AT_REMOVEDIR);
  auto u = std::make_unique<Made>(flags);
  return m.open(p) + u->open(p);
}

// The constructor changes its parameter before storing it.
class Changed {
public:
  Changed(int fl) {
    fl &= ~AT_REMOVEDIR;
    flags_ = fl;
  }
  int open(const char *p) { return ::open(p, flags_); }
private:
  int flags_;
};
int use_changed(const char *p) {
  Changed c(O_RDONLY | AT_REMOVEDIR);
  return c.open(p);
}
