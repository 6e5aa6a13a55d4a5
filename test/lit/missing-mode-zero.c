// RUN: %check_flagspace %s flagspace-missing-mode %t
// RUN: %check_flagspace -check-suffixes=,CXX %s flagspace-missing-mode %t -- -- -x c++ -std=gnu++17
// A creating flag with a mode that is certainly 0 creates a file with no
// permission for anyone: it cannot be opened again but by root. The 0 may
// come from a literal, a wrapper's caller, or a C++ default argument.
// O_EXCL with mode 0 is a lock file's idiom: not reported.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int create_at(int dfd, const char *p, mode_t mode) {
  return openat(dfd, p, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

int wrong(const char *p) {
  int fd = open(p, O_CREAT | O_WRONLY, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
  close(fd);
  return create_at(AT_FDCWD, p, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: mode 0 with O_CREAT in openat() flags: openat() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
}

// A wrapper passing both the flags and the mode on from its caller: the
// call of open() reads what the caller gives each (here through a macro
// giving the 0).
static int open_file(const char *p, int flags, mode_t mode) {
  return open(p, flags, mode);
}
#define OPEN_FILE(p, f) open_file((p), (f), 0)

int both_given(const char *p) {
  int fd = open_file(p, O_WRONLY | O_CREAT, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
  close(fd);
  return OPEN_FILE(p, O_WRONLY | O_CREAT | O_TRUNC);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
}

#ifdef __cplusplus
namespace io {
int open_file(const char *p, int flags, mode_t mode = 0) {
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:55: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
  return ::open(p, flags, mode);
}
} // namespace io

int use_namespace_default() { return io::open_file("x", O_WRONLY | O_CREAT); }

class File {
public:
  int create(const char *p, mode_t mode = 0) {
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:43: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
    return ::open(p, O_CREAT | O_WRONLY, mode);
  }
};

int use_default(const char *p) {
  File f;
  return f.create(p);
}
#endif

// Right code: nothing may be reported below.
int right(const char *p, mode_t mode) {
  int fd = open(p, O_CREAT | O_WRONLY, 0644);
  close(fd);
  fd = open(p, O_CREAT | O_EXCL | O_WRONLY, 0);
  close(fd);
  fd = open(p, O_RDONLY, 0);
  close(fd);
  fd = open(p, O_CREAT | O_RDWR, mode);
  close(fd);
  fd = open_file(p, O_RDONLY, 0);
  close(fd);
  fd = OPEN_FILE(p, O_RDONLY);
  close(fd);
  fd = open_file(p, O_CREAT | O_EXCL | O_WRONLY, 0);
  close(fd);
  fd = open_file(p, O_CREAT | O_WRONLY, 0600);
  close(fd);
  fd = open_file(p, O_CREAT | O_WRONLY, mode);
  close(fd);
#ifdef __cplusplus
  fd = io::open_file(p, O_WRONLY | O_CREAT, 0644) + io::open_file(p, O_RDONLY);
  close(fd);
#endif
  return create_at(AT_FDCWD, p, S_IRUSR | S_IWUSR);
}
