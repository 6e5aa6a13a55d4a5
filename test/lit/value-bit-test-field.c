// RUN: %check_flagspace %s flagspace-value-bit-test %t
// RUN: %check_flagspace %s flagspace-value-bit-test %t -- -- -x c++ -std=gnu++17
// A field of the program's own struct that the unit gives to open() in one
// function holds open flags wherever it is read: `s->oflags & O_WRONLY`
// tested in another function is false for O_RDWR (issue 23 item 1).
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

struct file { int fd; int oflags; int kind; };

int file_open(struct file *f, const char *p) {
  f->fd = open(p, f->oflags | O_CLOEXEC, 0644);
  return f->fd;
}

void file_close(struct file *f) {
  if (f->oflags & O_WRONLY)
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_WRONLY is one value of the O_ACCMODE field, not a bit: 'f->oflags & O_WRONLY' is false for O_RDWR, which includes it; test '(f->oflags & O_ACCMODE) == O_WRONLY', or '(f->oflags & O_ACCMODE) != O_RDONLY' for O_WRONLY or O_RDWR [misbehaves] [flagspace-value-bit-test]
  // CHECK-FIXES: if ((f->oflags & O_ACCMODE) == O_WRONLY)
    fsync(f->fd);
  close(f->fd);
}

// Correct code: nothing may be reported below.
void file_close_right(struct file *f) {
  if ((f->oflags & O_ACCMODE) != O_RDONLY)
    fsync(f->fd);
  close(f->fd);
}
// A field no call the rules know is given: what it holds is not known.
int file_kind(struct file *f) { return f->kind & O_WRONLY; }
