// RUN: %check_flagspace %s flagspace-invalid-combination %t -- -- -std=c++17
// A member function that only returns constants, defined in its class (so
// inline: the same body in every unit), static or not, is followed as a
// static function is: its flags reach the call. A virtual one may be
// overridden and is not followed, nor is one only declared here.
#include <fcntl.h>

struct Dir {
  static int flags() { return O_DIRECTORY | O_RDWR; }
  int open_dir(const char *p) { return ::open(p, flags()); }
  // CHECK-MESSAGES: :[[@LINE-2]]:45: warning: O_RDWR cannot be combined with O_DIRECTORY in open() flags: the call fails with EISDIR; a directory opens for reading only, and anything else fails with ENOTDIR [fails] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :[[@LINE-2]]:50: note: flag passed here
};

class Log {
  bool append_ = true;
  int mode() const { return O_RDONLY | O_WRONLY | O_CLOEXEC; }
public:
  int open_log(const char *p) { return ::open(p, mode() | O_CREAT, 0644); }
  // CHECK-MESSAGES: :[[@LINE-3]]:40: warning: O_WRONLY and O_RDONLY together in open() flags are O_WRONLY: {{.*}} [misbehaves] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :[[@LINE-2]]:50: note: flag passed here
};

// Nothing below may be reported.
struct DirRight {
  static int flags() { return O_DIRECTORY | O_RDONLY; }
  int open_dir(const char *p) { return ::open(p, flags()); }
};
struct Base {
  virtual int flags() const { return O_DIRECTORY | O_RDWR; }
  virtual ~Base() = default;
  int open_it(const char *p) const { return ::open(p, flags()); }
};
struct Declared {
  static int flags();
  int open_it(const char *p) const { return ::open(p, flags()); }
};
