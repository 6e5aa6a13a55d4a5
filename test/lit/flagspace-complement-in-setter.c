// RUN: %check_flagspace %s flagspace-complement-in-setter %t
// A complement (~FLAG) given to an argument that replaces the flags the call
// keeps (`replaces`): fcntl(F_SETFL) sets every status flag it reads to the
// argument's bit, so ~O_NONBLOCK asks for O_APPEND, O_ASYNC, O_DIRECT and
// O_NOATIME (EINVAL on a socket, packet mode on a pipe, EPERM on a file the
// caller does not own). fcntl(F_SETFD) reads FD_CLOEXEC alone, so
// ~FD_CLOEXEC there clears it, as meant. The clear that works goes through
// the current flags (`fcntl(fd, F_GETFL) & ~O_NONBLOCK`): not a certain
// fix (it needs the descriptor and a second call), so no fix-it.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MY_NONBLOCK O_NONBLOCK
#define NOT_NONBLOCK (~MY_NONBLOCK)

static int set_status(int fd, int flags) { return fcntl(fd, F_SETFL, flags); }

void wrong(int fd, int on) {
  fcntl(fd, F_SETFL, on ? O_NONBLOCK : ~O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: ~O_NONBLOCK in fcntl(F_SETFL) arg turns on O_APPEND, O_ASYNC, O_DIRECT and O_NOATIME, as the call replaces the flags with its argument (O_DIRECT makes it fail with EINVAL on a socket and puts a pipe in packet mode, O_NOATIME makes it fail with EPERM on a file the caller does not own); to clear O_NONBLOCK alone, pass the fcntl(F_GETFL) result & ~O_NONBLOCK [fails] [flagspace-complement-in-setter]
  fcntl(fd, F_SETFL, ~(O_NONBLOCK | O_APPEND));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: ~(O_NONBLOCK|O_APPEND) in fcntl(F_SETFL) arg turns on O_ASYNC, O_DIRECT and O_NOATIME, as the call replaces the flags with its argument ({{.*}}); to clear O_NONBLOCK|O_APPEND alone, pass the fcntl(F_GETFL) result & ~(O_NONBLOCK|O_APPEND) [fails] [flagspace-complement-in-setter]
  // A flag or'ed in by name is asked for: the others are not.
  fcntl(fd, F_SETFL, ~O_NONBLOCK | O_APPEND);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: ~O_NONBLOCK in fcntl(F_SETFL) arg turns on O_ASYNC, O_DIRECT and O_NOATIME, as {{.*}} [fails] [flagspace-complement-in-setter]
  // Through the user's macros.
  fcntl(fd, F_SETFL, NOT_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: ~O_NONBLOCK in fcntl(F_SETFL) arg turns on O_APPEND, O_ASYNC, O_DIRECT and O_NOATIME, as {{.*}} pass the fcntl(F_GETFL) result & ~O_NONBLOCK [fails] [flagspace-complement-in-setter]
  // Through a local variable.
  int fl = ~O_NONBLOCK;
  fcntl(fd, F_SETFL, fl);
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: ~O_NONBLOCK in fcntl(F_SETFL) arg turns on O_APPEND, O_ASYNC, O_DIRECT and O_NOATIME, as {{.*}} [fails] [flagspace-complement-in-setter]
  // A raw system call reads it the same way.
  syscall(SYS_fcntl, fd, F_SETFL, ~O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: ~O_NONBLOCK in syscall(SYS_fcntl, F_SETFL) arg turns on O_APPEND, O_ASYNC, O_DIRECT and O_NOATIME, as {{.*}}; to clear O_NONBLOCK alone, pass the syscall(SYS_fcntl, F_GETFL) result & ~O_NONBLOCK [fails] [flagspace-complement-in-setter]
  // Through a wrapper that passes it on.
  set_status(fd, ~O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: ~O_NONBLOCK in fcntl(F_SETFL) arg turns on O_APPEND, O_ASYNC, O_DIRECT and O_NOATIME, as {{.*}} [fails] [flagspace-complement-in-setter]
}

// Correct code: nothing may be reported below.
void correct(int fd, int on, int flags) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK);
  int cur = fcntl(fd, F_GETFL);
  cur &= ~O_NONBLOCK;
  fcntl(fd, F_SETFL, cur);
  // F_SETFD keeps arg & FD_CLOEXEC: ~FD_CLOEXEC clears close-on-exec.
  fcntl(fd, F_SETFD, ~FD_CLOEXEC);
  fcntl(fd, F_SETFD, on ? FD_CLOEXEC : ~FD_CLOEXEC);
  // Masked down to flags named on purpose.
  fcntl(fd, F_SETFL, ~O_NONBLOCK & O_APPEND);
  // A complement in a call that adds bits rather than replacing them, and
  // of a number (no flag named): not this check's.
  open("f", O_RDONLY & ~O_NONBLOCK);
  set_status(fd, flags & ~O_NONBLOCK);
}
