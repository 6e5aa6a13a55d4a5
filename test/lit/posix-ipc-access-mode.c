// RUN: %check_flagspace %s flagspace-invalid-combination %t
// The access mode of mq_open(3) and shm_open(3) is one value of O_ACCMODE,
// as in open(2). mq_open() (ipc/mqueue.c prepare_open) refuses mode 3 with
// EINVAL; O_RDONLY|O_WRONLY is O_WRONLY. shm_open() takes O_RDONLY or
// O_RDWR only (POSIX leaves O_WRONLY undefined): glibc opens the object
// write-only, and mmap() of it fails with EACCES.
#define _GNU_SOURCE
#include <fcntl.h>
#include <mqueue.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/stat.h>

void wrong(int cond) {
  shm_open("/x", O_WRONLY | O_CREAT, 0600);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: O_WRONLY in shm_open() oflag: shm_open() takes O_RDONLY or O_RDWR (POSIX leaves O_WRONLY undefined); glibc opens the object write-only, and mmap() of it fails with EACCES, as a mapping needs read access; use O_RDWR [misbehaves] [flagspace-invalid-combination]
  shm_open("/x", O_RDONLY | O_WRONLY, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_WRONLY and O_RDONLY together in shm_open() oflag are O_WRONLY: the access mode is one value and O_RDONLY is 0, so the object is opened write-only and mmap() of it fails with EACCES; use O_RDWR [misbehaves] [flagspace-invalid-combination]
  shm_open("/x", O_WRONLY | O_RDWR, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_RDWR with O_WRONLY in shm_open() oflag: together they are access mode 3, which POSIX does not define and Linux keeps for ioctl(): read(), write() and mmap() of the object fail; use O_RDWR alone [misbehaves] [flagspace-invalid-combination]
  mq_open("/q", O_WRONLY | O_RDWR);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_RDWR cannot be combined with O_WRONLY in mq_open() oflag: the call fails with EINVAL; together they are access mode 3, which mq_open() refuses; use O_RDWR alone [fails] [flagspace-invalid-combination]
  mq_open("/q", O_RDONLY | O_WRONLY);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: O_WRONLY and O_RDONLY together in mq_open() oflag are O_WRONLY: the access mode is one value and O_RDONLY is 0, so the queue is opened for sending only and mq_receive() fails with EBADF; to send and receive use O_RDWR [misbehaves] [flagspace-invalid-combination]
  int of = O_WRONLY;
  if (cond)
    of |= O_RDWR;
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: O_RDWR cannot be combined with O_WRONLY in mq_open() oflag: the call fails with EINVAL; together they are access mode 3, which mq_open() refuses; use O_RDWR alone [fails] [flagspace-invalid-combination]
  mq_open("/q", of);
}

// Right code: nothing may be reported below.
void right(int flags) {
  shm_open("/x", O_RDWR | O_CREAT | O_EXCL, 0600);
  shm_open("/x", O_RDONLY, 0);
  shm_open("/x", flags, 0);
  shm_open("/x", O_WRONLY | flags, 0);
  mq_open("/q", O_WRONLY);
  mq_open("/q", O_RDWR | O_NONBLOCK);
  mq_open("/q", O_WRONLY | O_CREAT | O_EXCL, 0600, NULL);
}
