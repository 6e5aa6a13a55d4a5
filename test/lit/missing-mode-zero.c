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

#ifdef __cplusplus
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
  return create_at(AT_FDCWD, p, S_IRUSR | S_IWUSR);
}
