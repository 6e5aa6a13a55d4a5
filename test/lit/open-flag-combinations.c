// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace -check-suffixes=,CXX %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// The open flags that depend on each other (rules/fcntl.rules): the access
// mode is one value, not bits (O_RDONLY|O_WRONLY is O_WRONLY, O_WRONLY|O_RDWR
// is mode 3); O_TRUNC without write access; O_TMPFILE without write access
// or with O_CREAT; O_CREAT|O_DIRECTORY; O_DIRECTORY with write access;
// O_ASYNC given to open(). The same in openat(), openat2()'s open_how.flags,
// liburing's io_uring_prep_openat(), a raw syscall() and the user's
// wrappers. Where the call fails or misbehaves, one flag written on some
// paths only is enough (a variable that may hold O_WRONLY, then |= O_RDWR).
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#define RW_MODE (O_WRONLY | O_RDWR)

static int open_cloexec(const char *p, int flags) {
  return open(p, flags | O_CLOEXEC);
}

void wrong(int dfd, const char *p, int w, struct io_uring_sqe *sqe) {
  close(open(p, O_RDONLY | O_WRONLY));
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_WRONLY and O_RDONLY together in open() flags are O_WRONLY: the access mode is one value and O_RDONLY is 0, so the file is opened write-only and read() fails with EBADF; to read and write use O_RDWR [misbehaves] [flagspace-invalid-combination]
  close(openat(dfd, p, O_WRONLY | O_RDWR | O_CLOEXEC));
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_RDWR with O_WRONLY in openat() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  close(open(p, RW_MODE));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  // A mode built over several statements: O_WRONLY on some paths, then
  // O_RDWR on every path.
  int fl = O_RDONLY;
  if (w)
    fl = O_WRONLY;
  fl |= O_RDWR;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  close(open(p, fl));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: note: flag passed here
  // The access mode chosen on every path, then O_RDWR or'ed in on some:
  // `|=` cannot replace the O_WRONLY chosen.
  int ch = w ? O_WRONLY : O_RDONLY;
  if (dfd > 2)
    ch |= O_RDWR;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  close(open(p, ch));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: note: flag passed here
  // Through a wrapper of the user's.
  close(open_cloexec(p, O_WRONLY | O_RDWR));
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :21:18: note: flag passed here
  close(syscall(SYS_open, p, O_RDONLY | O_WRONLY | O_CREAT, 0600));
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: O_WRONLY and O_RDONLY together in syscall(SYS_open) flags are O_WRONLY: the access mode is one value and O_RDONLY is 0, so the file is opened write-only and read() fails with EBADF; to read and write use O_RDWR [misbehaves] [flagspace-invalid-combination]

  close(open(p, O_CREAT | O_TRUNC, 0644));
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: the descriptor is read-only, so write() fails with EBADF, yet Linux truncates the file (EACCES when the caller may not write it); add O_WRONLY or O_RDWR [misbehaves] [flagspace-invalid-combination]
  close(openat(dfd, p, O_RDONLY | O_TRUNC));
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_TRUNC in openat() flags without O_WRONLY or O_RDWR: the descriptor is read-only, so write() fails with EBADF, yet Linux truncates the file (EACCES when the caller may not write it); add O_WRONLY or O_RDWR [misbehaves] [flagspace-invalid-combination]
  close(openat(dfd, ".", O_TMPFILE, 0600));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: O_TMPFILE in openat() flags needs O_WRONLY or O_RDWR: without it the call fails with EINVAL; an unnamed temporary file is opened for writing [fails] [flagspace-invalid-combination]
  close(open(".", O_TMPFILE | O_CREAT | O_RDWR, 0600));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: O_CREAT cannot be combined with O_TMPFILE in open() flags: the call fails with EINVAL; O_TMPFILE creates the unnamed file itself; drop O_CREAT [fails] [flagspace-invalid-combination]
  close(open(p, O_CREAT | O_DIRECTORY, 0755));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: O_CREAT cannot be combined with O_DIRECTORY in open() flags: the call fails with EINVAL; that is Linux 6.4 and later (6.1.30 and later in 6.1); up to 5.6 a regular file is created, and from 5.7 it is created and the call fails with ENOTDIR; to create a directory use mkdir() [fails] [flagspace-invalid-combination]
  close(openat(dfd, p, O_DIRECTORY | O_RDWR));
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: O_RDWR cannot be combined with O_DIRECTORY in openat() flags: the call fails with EISDIR; a directory opens for reading only, and anything else fails with ENOTDIR [fails] [flagspace-invalid-combination]
  close(open(p, O_RDONLY | O_ASYNC | O_NONBLOCK));
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_ASYNC in open() flags: the kernel keeps the bit but sets up no SIGIO, and a later fcntl(F_SETFL) with O_ASYNC then changes nothing; set O_ASYNC with fcntl(F_SETFL) once the file is open [misbehaves] [flagspace-invalid-combination]
  int tf = O_RDONLY;
  if (w)
    tf |= O_TRUNC;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: the descriptor is read-only, so write() fails with EBADF, yet Linux truncates the file (EACCES when the caller may not write it); add O_WRONLY or O_RDWR [misbehaves] [flagspace-invalid-combination]
  close(open(p, tf));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: note: flag passed here

  struct open_how how = { .flags = O_TMPFILE | O_RDONLY, .mode = 0600 };
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: O_TMPFILE in open_how.flags needs O_WRONLY or O_RDWR: without it the call fails with EINVAL; an unnamed temporary file is opened for writing [fails] [flagspace-invalid-combination]
  close(syscall(SYS_openat2, dfd, p, &how, sizeof how));
  struct open_how dir = { .flags = O_DIRECTORY | O_WRONLY };
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: O_WRONLY cannot be combined with O_DIRECTORY in open_how.flags: the call fails with EISDIR; a directory opens for reading only, and anything else fails with ENOTDIR [fails] [flagspace-invalid-combination]
  close(syscall(SYS_openat2, dfd, p, &dir, sizeof dir));
  io_uring_prep_openat(sqe, dfd, p, O_WRONLY | O_RDWR, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: O_RDWR with O_WRONLY in io_uring_prep_openat() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then reads and writes fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
}

#ifdef __cplusplus
namespace box {
void wrong_cxx(const char *p) {
  close(::open(p, O_DIRECTORY | O_CREAT | O_RDONLY, 0755));
  // CHECK-MESSAGES-CXX: :[[@LINE-1]]:33: warning: O_CREAT cannot be combined with O_DIRECTORY in open() flags: the call fails with EINVAL; that is Linux 6.4 and later (6.1.30 and later in 6.1); up to 5.6 a regular file is created, and from 5.7 it is created and the call fails with ENOTDIR; to create a directory use mkdir() [fails] [flagspace-invalid-combination]
}
} // namespace box
#endif

// Correct code, and combinations not certain: nothing may be reported below.
void correct(int dfd, const char *p, int w, int flags, int t) {
  close(open(p, O_RDONLY | O_CLOEXEC));
  close(open(p, O_RDWR | O_CREAT | O_TRUNC, 0644));
  close(open(p, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0644));
  close(openat(dfd, ".", O_TMPFILE | O_RDWR, 0600));
  close(openat(dfd, ".", O_TMPFILE | O_WRONLY | O_EXCL, 0600));
  // O_TMPFILE contains O_DIRECTORY's bit; O_PATH drops the access mode.
  close(openat(dfd, ".", O_DIRECTORY | O_TMPFILE | O_RDWR, 0600));
  close(open(p, O_DIRECTORY | O_RDONLY | O_CLOEXEC));
  close(open(p, O_DIRECTORY | O_NOFOLLOW | O_PATH));
  close(open(p, O_CREAT | O_EXCL | O_RDWR, 0600));
  // O_RDONLY with O_RDWR is O_RDWR, as meant.
  close(open(p, O_RDONLY | O_RDWR));
  // A read-only start with write access added on some paths: write-only
  // (or read-write) by design.
  int fl = O_RDONLY;
  if (w)
    fl |= O_WRONLY;
  close(open(p, fl));
  close(open(p, O_RDONLY | (w ? O_WRONLY : 0)));
  // Each chosen on some paths: they may never meet.
  int m = w ? O_WRONLY : O_RDONLY;
  if (t)
    m |= O_TRUNC;
  close(open(p, m));
  int a = 0;
  if (w)
    a |= O_WRONLY;
  if (t)
    a |= O_RDWR;
  close(open(p, a));
  // The access mode chosen, then replaced for read-write.
  int ch = w ? O_WRONLY : O_RDONLY;
  if (t)
    ch = (ch & ~O_ACCMODE) | O_RDWR;
  close(open(p, ch));
  // A part that is not known.
  close(open(p, flags | O_TRUNC));
  close(open(p, flags | O_WRONLY | O_RDWR));
  // O_ASYNC where it works: fcntl(F_SETFL) after open().
  int fd = open(p, O_RDONLY | O_NONBLOCK);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC);
  close(fd);
  struct open_how how = { .flags = O_TMPFILE | O_RDWR, .mode = 0600 };
  close(syscall(SYS_openat2, dfd, p, &how, sizeof how));
}
