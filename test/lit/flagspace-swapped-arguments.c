// RUN: %check_flagspace %s flagspace-swapped-arguments,flagspace-wrong-namespace %t
// Two arguments given in each other's place: each holds what the other
// takes. One finding for the pair (no wrong-namespace finding per flag), and
// a fix-it that swaps them when both are written directly in the call.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/fanotify.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

void swapped(int fd, const char *p, struct statx *stx, size_t len) {
  statx(fd, p, STATX_BASIC_STATS | STATX_BTIME, AT_SYMLINK_NOFOLLOW, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: statx() flags and mask are swapped: STATX_BASIC_STATS|STATX_BTIME belong in statx() mask and AT_SYMLINK_NOFOLLOW in statx() flags [fails] [flagspace-swapped-arguments]
  // CHECK-FIXES: statx(fd, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS | STATX_BTIME, stx);
  mmap(0, len, MAP_PRIVATE, PROT_READ | PROT_WRITE, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: mmap() prot and flags are swapped: MAP_PRIVATE belongs in mmap() flags and PROT_READ|PROT_WRITE in mmap() prot [misbehaves] [flagspace-swapped-arguments]
  // CHECK-FIXES: mmap(0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  lseek(fd, SEEK_END, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: lseek() offset and whence are swapped: SEEK_END belongs in lseek() whence and the number in lseek() offset [misbehaves] [flagspace-swapped-arguments]
  // CHECK-FIXES: lseek(fd, 0, SEEK_END);
  posix_fadvise(fd, POSIX_FADV_DONTNEED, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: posix_fadvise() offset and advice are swapped: POSIX_FADV_DONTNEED belongs in posix_fadvise() advice and the number in posix_fadvise() offset [misbehaves] [flagspace-swapped-arguments]
  // CHECK-FIXES: posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  fanotify_init(O_RDONLY | O_CLOEXEC, FAN_CLASS_NOTIF);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: fanotify_init() flags and event_f_flags are swapped: O_RDONLY|O_CLOEXEC belong in fanotify_init() event_f_flags and FAN_CLASS_NOTIF in fanotify_init() flags [fails] [flagspace-swapped-arguments]
  // CHECK-FIXES: fanotify_init(FAN_CLASS_NOTIF, O_RDONLY | O_CLOEXEC);
  fanotify_mark(fd, FAN_OPEN | FAN_CLOSE_WRITE, FAN_MARK_ADD, AT_FDCWD, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: fanotify_mark() flags and mask are swapped: FAN_OPEN|FAN_CLOSE_WRITE belong in fanotify_mark() mask and FAN_MARK_ADD in fanotify_mark() flags [misbehaves] [flagspace-swapped-arguments]
  // CHECK-FIXES: fanotify_mark(fd, FAN_MARK_ADD, FAN_OPEN | FAN_CLOSE_WRITE, AT_FDCWD, p);
}

// A swap through a macro body or a variable is reported without a fix-it.
#define MY_MMAP(len, fd) mmap(0, len, MAP_SHARED, PROT_READ, fd, 0)
void not_certain(int fd, size_t len) {
  MY_MMAP(len, fd);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: mmap() prot and flags are swapped: MAP_SHARED belongs in mmap() flags and PROT_READ in mmap() prot [same-value] [flagspace-swapped-arguments]
  int whence = SEEK_CUR;
  lseek(fd, whence, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: lseek() offset and whence are swapped: SEEK_CUR belongs in lseek() whence and the number in lseek() offset [misbehaves] [flagspace-swapped-arguments]
  // Both in variables holding SEEK_ values: SEEK_SET is the offset 0.
  int end = SEEK_END, start = SEEK_SET;
  lseek(fd, end, start);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: lseek() offset and whence are swapped: SEEK_END belongs in lseek() whence and the number in lseek() offset [misbehaves] [flagspace-swapped-arguments]
}

void zero_flag_as_offset(int fd) {
  lseek(fd, SEEK_END, SEEK_SET);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: lseek() offset and whence are swapped: SEEK_END belongs in lseek() whence and the number in lseek() offset [misbehaves] [flagspace-swapped-arguments]
  // CHECK-FIXES: lseek(fd, SEEK_SET, SEEK_END);
}

// Correct calls, and calls where only one argument is wrong (that is a
// wrong-namespace finding, not a swap): no swap reported.
void correct(int fd, const char *p, struct statx *stx, size_t len, int fl) {
  statx(fd, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  statx(fd, p, 0, STATX_BTIME, stx);
  mmap(0, len, PROT_READ, MAP_PRIVATE, fd, 0);
  mmap(0, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  lseek(fd, 0, SEEK_END);
  lseek(fd, -4, SEEK_CUR);
  int start = SEEK_SET, cur = SEEK_CUR;
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: SEEK_CUR is a flag, but lseek() offset is not a flag argument: 0x1 is used as a number [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE+4]]:13: note: flag passed here
  lseek(fd, 0, start);
  lseek(fd, SEEK_SET, SEEK_SET);          // alike: swapping changes nothing
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: SEEK_SET is a flag, but lseek() offset is not a flag argument: 0x0 is used as a number [misbehaves] [flagspace-wrong-namespace]
  lseek(fd, cur, cur);                    // alike: not a swap
  posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC, O_RDONLY | O_LARGEFILE);
  fanotify_mark(fd, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD, p);
  statx(fd, p, STATX_BTIME, 0, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: STATX_BTIME is from the STATX_* namespace, not AT_*: in statx() flags 0x800 means AT_NO_AUTOMOUNT; it belongs in statx() mask [misbehaves] [flagspace-wrong-namespace]
  statx(fd, p, fl, AT_SYMLINK_NOFOLLOW, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not STATX_*: in statx() mask 0x100 means STATX_INO; it belongs in statx() flags [misbehaves] [flagspace-wrong-namespace]
}

// Raw syscall() forms: the same pairs, one argument further on.
void raw(int fd, const char *p, struct statx *stx, size_t len) {
  syscall(SYS_statx, fd, p, STATX_BASIC_STATS, AT_SYMLINK_NOFOLLOW, stx);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: syscall(SYS_statx) flags and mask are swapped: STATX_BASIC_STATS belongs in syscall(SYS_statx) mask and AT_SYMLINK_NOFOLLOW in syscall(SYS_statx) flags [fails] [flagspace-swapped-arguments]
  // CHECK-FIXES: syscall(SYS_statx, fd, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  syscall(SYS_mmap, 0, len, MAP_SHARED, PROT_READ, fd, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: syscall(SYS_mmap) prot and flags are swapped: MAP_SHARED belongs in syscall(SYS_mmap) flags and PROT_READ in syscall(SYS_mmap) prot [same-value] [flagspace-swapped-arguments]
  // CHECK-FIXES: syscall(SYS_mmap, 0, len, PROT_READ, MAP_SHARED, fd, 0);
  syscall(__NR_lseek, fd, SEEK_SET, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: syscall(__NR_lseek) offset and whence are swapped: SEEK_SET belongs in syscall(__NR_lseek) whence and the number in syscall(__NR_lseek) offset [same-value] [flagspace-swapped-arguments]
  // CHECK-FIXES: syscall(__NR_lseek, fd, 0, SEEK_SET);
  syscall(SYS_fanotify_init, O_RDONLY, FAN_CLASS_CONTENT);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: syscall(SYS_fanotify_init) flags and event_f_flags are swapped: O_RDONLY belongs in syscall(SYS_fanotify_init) event_f_flags and FAN_CLASS_CONTENT in syscall(SYS_fanotify_init) flags [fails] [flagspace-swapped-arguments]
  // CHECK-FIXES: syscall(SYS_fanotify_init, FAN_CLASS_CONTENT, O_RDONLY);
  syscall(SYS_statx, fd, p, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, stx);
  syscall(SYS_mmap, 0, len, PROT_READ, MAP_SHARED, fd, 0);
  syscall(SYS_lseek, fd, 0, SEEK_SET);
}
