// RUN: %check_flagspace %s flagspace-missing-mode,flagspace-invalid-combination %t
// RUN: %check_flagspace %s flagspace-missing-mode,flagspace-invalid-combination %t -- -- -x c++ -std=gnu++17
// glibc's fortified open() and openat() without a mode become __open_2()
// and __openat_2() (bits/fcntl2.h), which take no mode: with O_CREAT or
// O_TMPFILE they abort the program (io/open_2.c: __fortify_fail "invalid open
// call: O_CREAT or O_TMPFILE without mode") before the kernel sees the flags.
// So that is what is reported, not what the kernel would do with the
// combination (O_TMPFILE with O_CREAT, O_CREAT with O_DIRECTORY, O_TMPFILE
// without write access).
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#ifdef __cplusplus
extern "C" {
#endif
extern int __open_2(const char *, int);
extern int __open64_2(const char *, int);
extern int __openat_2(int, const char *, int);
extern int __openat64_2(int, const char *, int);
#ifdef __cplusplus
}
#endif

void wrong(int dfd, const char *p, int c) {
  close(__open_2(p, O_TMPFILE | O_RDWR | O_CREAT));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_TMPFILE in __open_2() flags needs a mode, which __open_2() does not take: the C library aborts the program; call open() with the mode [fails] [flagspace-missing-mode]
  close(__open_2(p, O_TMPFILE));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: O_TMPFILE in __open_2() flags needs a mode, which __open_2() does not take: the C library aborts the program; call open() with the mode [fails] [flagspace-missing-mode]
  close(__openat_2(dfd, p, O_CREAT | O_DIRECTORY));
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_CREAT in __openat_2() flags needs a mode, which __openat_2() does not take: the C library aborts the program; call openat() with the mode [fails] [flagspace-missing-mode]
  close(__open64_2(p, O_WRONLY | O_CREAT | O_TRUNC));
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: O_CREAT in __open64_2() flags needs a mode, which __open64_2() does not take: the C library aborts the program; call open64() with the mode [fails] [flagspace-missing-mode]
  int fl = O_RDWR;
  if (c)
    fl |= O_CREAT;
  close(__openat64_2(dfd, p, fl));
  // CHECK-MESSAGES: :[[@LINE-2]]:11: warning: O_CREAT in __openat64_2() flags needs a mode, which __openat64_2() does not take: the C library aborts the program; call openat64() with the mode [fails] [flagspace-missing-mode]
}

// Correct code: nothing may be reported below.
void right(int dfd, const char *p, int flags) {
  close(__open_2(p, O_RDWR | O_CLOEXEC));
  close(__openat_2(dfd, p, O_DIRECTORY | O_RDONLY));
  close(__open64_2(p, O_RDONLY | O_NOFOLLOW));
  close(__openat64_2(dfd, p, flags));
  // The mode given: the calls these become.
  close(open(p, O_TMPFILE | O_RDWR, 0600));
  close(openat(dfd, p, O_WRONLY | O_CREAT | O_TRUNC, 0644));
}
