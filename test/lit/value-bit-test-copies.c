// RUN: %check_flagspace %s flagspace-value-bit-test %t
// RUN: %check_flagspace -check-suffixes=,CXX %s flagspace-value-bit-test %t -- -- -x c++ -std=gnu++17
// Flags given to open() and copied: into a field (`f->flags = flags;` in the
// function that calls open(p, flags)), or into a parameter of a static
// helper that every call gives such a variable. `flags & O_WRONLY` on the
// copy is false for O_RDWR as on the variable (issue 23 item 1).
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <unistd.h>

struct file { int fd; int flags; int other; };

int file_open(struct file *f, const char *p, int flags) {
  f->flags = flags;
  f->fd = open(p, flags, 0644);
  return f->fd;
}

bool file_writable(const struct file *f) { return f->flags & O_WRONLY; }
// CHECK-MESSAGES: :[[@LINE-1]]:62: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: 'f->flags & O_WRONLY' is false for O_RDWR, which includes it; test '(f->flags & O_ACCMODE) == O_WRONLY', or '(f->flags & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]

static bool is_writer(int flags) { return (flags & O_WRONLY) != 0; }
// CHECK-MESSAGES: :[[@LINE-1]]:52: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: {{.*}} [misbehaves] [flagspace-value-bit-test]
// CHECK-FIXES: static bool is_writer(int flags) { return (flags & O_ACCMODE) == O_WRONLY; }

int open_synced(const char *p, int flags) {
  int fd = open(p, flags | O_CLOEXEC);
  if (is_writer(flags))
    fsync(fd);
  return fd;
}

int open_other(const char *p, int oflag) {
  int fd = openat(AT_FDCWD, p, oflag);
  return is_writer(oflag) ? fd : -1;
}

#ifdef __cplusplus
// A member the function calling ::open() copies its parameter into.
class File {
  int fd_ = -1;
  int flags_ = 0;
public:
  int open(const char *p, int flags) { flags_ = flags; fd_ = ::open(p, flags, 0644); return fd_; }
  bool writable() const { return flags_ & O_WRONLY; }
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:43: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: 'flags_ & O_WRONLY' is false for O_RDWR, {{.*}} [misbehaves] [flagspace-value-bit-test]
};
class FileRight {
  int fd_ = -1;
  int flags_ = 0;
public:
  int open(const char *p, int flags) { flags_ = flags; fd_ = ::open(p, flags, 0644); return fd_; }
  bool writable() const { return (flags_ & O_ACCMODE) != O_RDONLY; }
};
#endif

// Correct code, or a copy of something not known to be open flags:
// nothing may be reported below.
struct file2 { int fd; int flags; int mode; };

int file2_open(struct file2 *f, const char *p, int flags, int mode) {
  f->flags = flags;
  f->mode = mode;
  f->fd = open(p, flags, 0644);
  return f->fd;
}
bool file2_writable(const struct file2 *f) { return (f->flags & O_ACCMODE) != O_RDONLY; }
// mode is given to no call the rules know.
int file2_mode(const struct file2 *f) { return f->mode & O_WRONLY; }

// A helper also called with a value no call takes: not known.
static bool mixed(int v) { return v & O_WRONLY; }
int mixed_use(const char *p, int flags, int bits) {
  int fd = open(p, flags);
  return mixed(flags) + mixed(bits) + fd;
}
// A helper of another unit may be called with anything.
bool exported(int v) { return v & O_WRONLY; }
int exported_use(const char *p, int flags) { return open(p, flags) + exported(flags); }
