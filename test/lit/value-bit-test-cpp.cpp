// RUN: %check_flagspace %s flagspace-value-bit-test %t
// C++: the same tests in a member function, a lambda and a template.
#include <fcntl.h>
#include <sys/stat.h>

struct File {
  int flags;
  bool readOnly() const { return flags & O_RDONLY; }
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: O_RDONLY is 0: 'flags & O_RDONLY' is always 0; test '(flags & O_ACCMODE) == O_RDONLY' [misbehaves] [flagspace-value-bit-test]
  bool readOnlyRight() const { return (flags & O_ACCMODE) == O_RDONLY; }
};

template <typename T> bool isDir(T mode) {
  return mode & S_IFDIR;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: S_IFDIR is a value of the S_IFMT field, not a bit: 'mode & S_IFDIR' is also true for S_IFBLK, S_IFSOCK; test '(mode & S_IFMT) == S_IFDIR' [misbehaves] [flagspace-value-bit-test]
}

int use(mode_t m) {
  auto writable = [](int f) { return (f & O_WRONLY) || (f & O_RDWR); };
  auto reg = [](mode_t mode) { return (mode & S_IFMT) == S_IFREG; };
  return isDir(m) + writable(1) + reg(m);
}
