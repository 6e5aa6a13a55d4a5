// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-unsupported-flag %t
// fcntl(2), one namespace per command: F_SETFD takes FD_CLOEXEC (the kernel
// keeps bit 0 only, so O_CLOEXEC there clears it), F_SETFL the O_ status
// flags it can change (others are ignored), F_ADD_SEALS F_SEAL_*, F_NOTIFY
// DN_*, F_SETLEASE a lock type (F_RDLCK, F_WRLCK, F_UNLCK: values). What
// F_GETFD and F_GET_SEALS return is tested against FD_ and F_SEAL_ flags.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int wrong(int fd) {
  int r = fcntl(fd, F_GETFD) & O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_GETFD) result 0x80000 matches no FD_* flag; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: int r = fcntl(fd, F_GETFD) & FD_CLOEXEC;
  r |= fcntl(fd, F_GET_SEALS) & MFD_ALLOW_SEALING;
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: MFD_ALLOW_SEALING is from the MFD_* namespace, not F_SEAL_*: in fcntl(F_GET_SEALS) result 0x2 means F_SEAL_SHRINK [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_SETFD, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in fcntl(F_SETFD) arg 0x80000 matches no FD_* flag and is ignored; the call replaces the flags with its argument, so it clears FD_CLOEXEC; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: fcntl(fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFL, O_NONBLOCK | FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: FD_CLOEXEC is from the FD_* namespace, not O_*: in fcntl(F_SETFL) arg 0x1 means O_WRONLY and is ignored; the call replaces the flags with its argument, so it clears O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_SETFL, O_NONBLOCK | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_CLOEXEC is not accepted by fcntl(F_SETFL) arg: it is ignored; it takes O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME, O_NONBLOCK [ignored] [flagspace-unsupported-flag]
  fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL | MFD_ALLOW_SEALING);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: MFD_ALLOW_SEALING is from the MFD_* namespace, not F_SEAL_*: in fcntl(F_ADD_SEALS) arg 0x2 means F_SEAL_SHRINK [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, F_NOTIFY, DN_MODIFY | IN_CREATE);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: IN_CREATE is from the IN_* namespace, not DN_*: in fcntl(F_NOTIFY) arg 0x100 matches no DN_* flag and is ignored [ignored] [flagspace-wrong-namespace]
  fcntl(fd, F_SETLEASE, LOCK_EX);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: LOCK_EX is from the LOCK_* namespace, not F_*: in fcntl(F_SETLEASE) arg 0x2 means F_UNLCK; use F_WRLCK [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: fcntl(fd, F_SETLEASE, F_WRLCK);
  fcntl(fd, F_SETLEASE, O_RDONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: O_RDONLY is from the O_* namespace, not F_*: in fcntl(F_SETLEASE) arg 0x0 means F_RDLCK [misbehaves] [flagspace-wrong-namespace]
  fcntl(fd, FD_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: FD_CLOEXEC is from the FD_* namespace, not F_*: in fcntl() cmd 0x1 means F_GETFD [misbehaves] [flagspace-wrong-namespace]
  syscall(SYS_fcntl, fd, F_SETFD, O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: O_CLOEXEC is from the O_* namespace, not FD_*: in syscall(SYS_fcntl, F_SETFD) arg 0x80000 matches no FD_* flag and is ignored; the call replaces the flags with its argument, so it clears FD_CLOEXEC; use FD_CLOEXEC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: syscall(SYS_fcntl, fd, F_SETFD, FD_CLOEXEC);
  // fcntl() reads one argument after the command: a fourth is lost.
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL), O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: O_NONBLOCK is a flag, but fcntl() extra is an argument the call does not read: 0x800 there is never read; it belongs in fcntl(F_SETFL) arg [ignored] [flagspace-unsupported-flag]
  // The getters read no argument: a flag given to one is lost (a command
  // given twice, or the flag meant for the setter).
  r |= fcntl(fd, F_GETFD, F_GETFD, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: F_GETFD is a flag, but fcntl(F_GETFD) arg is an argument the call does not read: 0x1 there is never read; it belongs in fcntl() cmd [ignored] [flagspace-unsupported-flag]
  r |= fcntl(fd, F_GETFL, O_NONBLOCK);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: O_NONBLOCK is a flag, but fcntl(F_GETFL) arg is an argument the call does not read: 0x800 there is never read [ignored] [flagspace-unsupported-flag]
  // F_GETFL never returns O_CLOEXEC (close-on-exec is F_GETFD's) nor the
  // creation flags: a test for them is always false.
  r |= fcntl(fd, F_GETFL) & O_CLOEXEC;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_CLOEXEC is never in fcntl(F_GETFL) result, so a test for it is always false; test the fcntl(F_GETFD) result for FD_CLOEXEC [misbehaves] [flagspace-unsupported-flag]
  int status = fcntl(fd, F_GETFL);
  if (status & O_CREAT)
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: O_CREAT is never in fcntl(F_GETFL) result, so a test for it is always false [misbehaves] [flagspace-unsupported-flag]
    r++;
  return r;
}
// Correct, idiomatic code: nothing may be reported below.
int correct(int fd, int fl) {
  int r = fcntl(fd, F_GETFD) & FD_CLOEXEC;
  r |= fcntl(fd, F_GETFD, 0) | fcntl(fd, F_GETFL, 0) | fcntl(fd, F_GETOWN, 0);
  r |= fcntl(fd, F_GETFL) & O_NONBLOCK;
  r |= fcntl(fd, F_GET_SEALS) & F_SEAL_WRITE;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
  fcntl(fd, F_SETFL, fl | O_NONBLOCK);
  fcntl(fd, F_SETFL, O_APPEND | O_NOATIME);
  fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE);
  fcntl(fd, F_NOTIFY, DN_CREATE | DN_DELETE | DN_MULTISHOT);
  fcntl(fd, F_SETLEASE, F_WRLCK);
  fcntl(fd, F_SETLEASE, F_UNLCK);
  fcntl(fd, F_DUPFD_CLOEXEC, 3);
  syscall(SYS_fcntl, fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFL, fl | O_NONBLOCK, 0);
  fcntl(fd, F_GETFL, 0);
  r |= (fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY;
  r |= fcntl(fd, F_GETFL) & (O_APPEND | O_DIRECT | O_PATH);
  return r;
}
