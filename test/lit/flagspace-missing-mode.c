// RUN: %check_flagspace %s flagspace-missing-mode %t
// O_CREAT and O_TMPFILE create a file, whose permissions come from the mode
// argument: without one, open() reads whatever happens to be there.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

void calls(const char *p, int dfd, int trunc) {
  open(p, O_CREAT | O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  openat(dfd, ".", O_TMPFILE | O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: O_TMPFILE in openat() flags needs a mode argument: without it openat() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  open64(p, O_WRONLY | O_CREAT | O_EXCL);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: O_CREAT in open64() flags needs a mode argument: without it open64() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  open(p, trunc ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  syscall(SYS_openat, AT_FDCWD, p, O_CREAT | O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: O_CREAT in syscall(SYS_openat) flags needs a mode argument: without it syscall(SYS_openat) creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
}

// Flags held in a variable: what is missing is the call's, so the warning
// points at the call, with a note where the variable got O_CREAT.
void in_variables(const char *p, int append) {
  int flags = O_WRONLY | O_CREAT;
  if (append)
    flags |= O_APPEND;
  open(p, flags);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :[[@LINE-5]]:26: note: O_CREAT is set here
  int tmp = O_RDWR;
  tmp |= O_TMPFILE;
  openat(AT_FDCWD, "/tmp", tmp);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_TMPFILE in openat() flags needs a mode argument: without it openat() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :[[@LINE-3]]:10: note: O_TMPFILE is set here
  int with_mode = O_CREAT | O_WRONLY;
  open(p, with_mode, 0600);
}

void open_how_records(void) {
  struct open_how create = { .flags = O_CREAT | O_WRONLY };
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: O_CREAT in open_how.flags needs open_how.mode: without it the file is created with mode 0 [misbehaves] [flagspace-missing-mode]
  struct open_how readonly = { .flags = O_RDONLY, .mode = 0644 };
  // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: open_how.mode is set but open_how.flags has no O_CREAT or O_TMPFILE: the kernel rejects it with EINVAL [fails] [flagspace-missing-mode]
  (void)create;
  (void)readonly;
}

// Correct code: nothing may be reported below.
int correct(const char *p, int dfd, int flags, int fl) {
  int r = 0;
  r |= open(p, O_CREAT | O_WRONLY, 0644);
  r |= openat(dfd, ".", O_TMPFILE | O_RDWR, 0600);
  r |= open(p, O_RDONLY);
  r |= open(p, flags);
  r |= open(p, fl & ~O_CREAT);
  r |= creat(p, 0644);
  r |= (int)syscall(SYS_openat, AT_FDCWD, p, O_CREAT | O_WRONLY, 0600);
  struct open_how a = { .flags = O_CREAT | O_WRONLY, .mode = 0600 };
  struct open_how b = { .flags = (unsigned)flags, .mode = 0600 };
  struct open_how c = { .flags = O_RDONLY, .resolve = RESOLVE_BENEATH };
  struct open_how d = { 0 };
  d.mode = 0644;
  d.flags = O_CREAT | O_RDWR;
  (void)a; (void)b; (void)c; (void)d;
  return r;
}
