// RUN: %check_flagspace %s flagspace-missing-mode,flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-missing-mode,flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// A struct open_how filled whole in the function that writes it (issue 23
// item 2): zeroed first (memset, or `= {0}`), then each field written
// once by a statement of the body, not under a condition and before any
// other use. It is checked as an initializer of the fields written, at the
// last of them, so that a field left 0 counts: O_CREAT without a mode (the
// file is created with mode 0), and a mode without O_CREAT or O_TMPFILE,
// which openat2() refuses with EINVAL (open() ignores it).
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void fill_read(struct open_how *how) {
  memset(how, 0, sizeof *how);
  how->flags = O_RDONLY | O_CLOEXEC;
  how->mode = 0600;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: open_how.mode is set but open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects it with EINVAL [fails] [flagspace-missing-mode]
}

int wrong(int dfd, const char *p) {
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = O_RDONLY;
  how.mode = 0644;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: open_how.mode is set but open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects it with EINVAL [fails] [flagspace-missing-mode]
  close(syscall(SYS_openat2, dfd, p, &how, sizeof how));

  struct open_how make;
  memset(&make, 0, sizeof(make));
  make.flags = O_WRONLY | O_CREAT | O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_CREAT in open_how.flags needs open_how.mode: without it the file is created with mode 0 [misbehaves] [flagspace-missing-mode]
  make.resolve = RESOLVE_BENEATH;
  close(syscall(SYS_openat2, dfd, p, &make, sizeof make));

  struct open_how zero = {0};
  zero.flags = O_RDWR;
  zero.mode = S_IRUSR | S_IWUSR;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: open_how.mode is set but open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects it with EINVAL [fails] [flagspace-missing-mode]
  close(syscall(SYS_openat2, dfd, p, &zero, sizeof zero));

  struct open_how built;
  fill_read(&built);
  return syscall(SYS_openat2, dfd, p, &built, sizeof built);
}

static void fill_any(struct open_how *how, unsigned long long flags) {
  memset(how, 0, sizeof *how);
  how->flags = flags;
  how->mode = 0644;
}

// Correct code, and fills not certain: nothing may be reported below.
int right(int dfd, const char *p, int c) {
  struct open_how how;
  memset(&how, 0, sizeof how);
  how.flags = O_RDONLY | O_CLOEXEC;
  close(syscall(SYS_openat2, dfd, p, &how, sizeof how));

  struct open_how make;
  memset(&make, 0, sizeof make);
  make.flags = O_WRONLY | O_CREAT | O_TRUNC;
  make.mode = 0644;
  close(syscall(SYS_openat2, dfd, p, &make, sizeof make));

  // The mode written on some paths only, O_CREAT added later, a field
  // written twice: the struct is not filled by plain writes.
  struct open_how maybe;
  memset(&maybe, 0, sizeof maybe);
  maybe.flags = O_RDONLY;
  if (c)
    maybe.mode = 0644;
  close(syscall(SYS_openat2, dfd, p, &maybe, sizeof maybe));
  struct open_how later;
  memset(&later, 0, sizeof later);
  later.flags = O_WRONLY;
  later.mode = 0644;
  later.flags |= O_CREAT;
  close(syscall(SYS_openat2, dfd, p, &later, sizeof later));
  struct open_how twice;
  memset(&twice, 0, sizeof twice);
  twice.flags = O_RDONLY;
  twice.mode = 0600;
  twice.flags = O_RDWR | O_CREAT;
  close(syscall(SYS_openat2, dfd, p, &twice, sizeof twice));

  // Flags not known in the builder itself.
  struct open_how any;
  fill_any(&any, O_RDWR | O_CREAT);
  return syscall(SYS_openat2, dfd, p, &any, sizeof any);
}
