// RUN: %check_flagspace %s flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// The open flags' combinations (rules/fcntl.rules, rules/io_uring.rules) in
// more of the shapes real code takes: a flag cleared with `&= ~` after the
// flags were built (the value stays known when every bit it may have comes
// from a named flag); glibc's fortified __open_2/__openat_2, which
// open()/openat() without a mode become under _FORTIFY_SOURCE; O_ASYNC and
// O_EXCL given to io_uring_prep_openat().
#define _GNU_SOURCE
#include <fcntl.h>
#include <liburing.h>
#include <unistd.h>

#ifdef __cplusplus
extern "C" {
#endif
extern int __open_2(const char *, int);
extern int __openat_2(int, const char *, int);
#ifdef __cplusplus
}
#endif

int cleared_bad(const char *p, int dfd) {
  int fl = O_WRONLY | O_NONBLOCK;
  fl |= O_RDWR;
  fl &= ~O_NONBLOCK;
  close(open(p, fl));
  // CHECK-MESSAGES: :[[@LINE-3]]:9: warning: O_RDWR with O_WRONLY in open() flags: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): it checks read and write permission, then read() and write() fail with EBADF; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  int tr = O_RDONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK;
  tr &= ~(O_CLOEXEC | O_NONBLOCK);
  close(openat(dfd, p, tr));
  // CHECK-MESSAGES: :[[@LINE-3]]:23: warning: O_TRUNC in openat() flags without O_WRONLY or O_RDWR: the descriptor is read-only, so write() fails with EBADF, yet Linux truncates the file (EACCES when the caller may not write it); add O_WRONLY or O_RDWR [misbehaves] [flagspace-invalid-combination]
  return open(p, (O_CREAT | O_DIRECTORY | O_EXCL) & ~O_EXCL, 0755);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_CREAT cannot be combined with O_DIRECTORY in open() flags: the call fails with EINVAL; that is Linux 6.4 and later (6.1.30 and later in 6.1); up to 5.6 a regular file is created, and from 5.7 it is created and the call fails with ENOTDIR; to create a directory use mkdir() [fails] [flagspace-invalid-combination]
}

void fortified_bad(int dfd, const char *p) {
  close(__open_2(p, O_RDONLY | O_WRONLY));
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: O_WRONLY and O_RDONLY together in __open_2() flags are O_WRONLY: the access mode is one value and O_RDONLY is 0, so the file is opened write-only and read() fails with EBADF; to read and write use O_RDWR [misbehaves] [flagspace-invalid-combination]
  close(__openat_2(dfd, p, O_DIRECTORY | O_RDWR));
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: O_RDWR cannot be combined with O_DIRECTORY in __openat_2() flags: the call fails with EISDIR; a directory opens for reading only, and anything else fails with ENOTDIR [fails] [flagspace-invalid-combination]
}

void uring_bad(struct io_uring_sqe *sqe, int dfd, const char *p) {
  io_uring_prep_openat(sqe, dfd, p, O_RDONLY | O_ASYNC, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: O_ASYNC in io_uring_prep_openat() flags: the kernel keeps the bit but sets up no SIGIO, and a later fcntl(F_SETFL) with O_ASYNC then changes nothing; set O_ASYNC with fcntl(F_SETFL) once the file is open [misbehaves] [flagspace-invalid-combination]
  io_uring_prep_openat(sqe, dfd, "state.lock", O_RDWR | O_EXCL, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: O_EXCL in io_uring_prep_openat() flags is ignored without O_CREAT or O_TMPFILE: alone it only makes the open of a block device exclusive; on any other file the call succeeds whether the file exists or not; to fail when it exists add O_CREAT [ignored] [flagspace-invalid-combination]
}

// Correct code: nothing may be reported below.
int cleared_right(const char *p, int dfd, int flags, struct io_uring_sqe *sqe) {
  // The flag that was wrong is the one cleared.
  int fl = O_WRONLY | O_RDWR;
  fl &= ~O_WRONLY;
  close(open(p, fl));
  int tr = O_RDONLY | O_TRUNC;
  tr &= ~O_TRUNC;
  close(openat(dfd, p, tr));
  // The access mode replaced.
  int rw = O_WRONLY | O_CREAT;
  rw = (rw & ~O_ACCMODE) | O_RDWR;
  close(open(p, rw, 0600));
  // A complement or'ed in sets bits no flag names; an unknown part.
  close(open(p, (O_RDONLY | O_TRUNC) | ~O_NONBLOCK));
  close(open(p, (flags | O_TRUNC) & ~O_NONBLOCK));
  // Cleared on some paths only: maybe still there.
  int mb = O_WRONLY | O_RDWR;
  if (dfd > 2)
    mb &= ~O_WRONLY;
  close(open(p, mb));
  close(__open_2(p, O_RDWR | O_CLOEXEC));
  close(__openat_2(dfd, p, O_DIRECTORY | O_RDONLY));
  io_uring_prep_openat(sqe, dfd, p, O_RDONLY | O_NONBLOCK, 0);
  io_uring_prep_openat(sqe, dfd, "state.lock", O_RDWR | O_EXCL | O_CREAT, 0600);
  io_uring_prep_openat(sqe, dfd, "/dev/sdb", O_RDWR | O_EXCL, 0);
  return open(p, (O_CREAT | O_DIRECTORY | O_RDWR) & ~O_DIRECTORY, 0644);
}
