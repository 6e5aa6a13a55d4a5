// RUN: %check_flagspace %s flagspace-invalid-combination,flagspace-missing-mode %t
// A config record of the program's own: its fields are written in one
// function (parsing options, a setup) and given to open() in another. The
// values the unit writes to each field reach the call; with several, the
// engine gets one of them (FS_OP_EITHER) and reports only what holds for
// every one. flagspace-runner keeps the body that reads the fields,
// although it names no flag.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

struct out_config {
  int access;
  int extra;
  mode_t mode;
};
static struct out_config out;

void out_read_only(void) { out.access = O_RDONLY; }
void out_setup(void) {
  out.extra = O_CREAT | O_TRUNC;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: the descriptor is read-only, so write() fails with EBADF, yet Linux truncates the file (EACCES when the caller may not write it); add O_WRONLY or O_RDWR [misbehaves] [flagspace-invalid-combination]
  out.mode = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: mode 0 with O_CREAT in open() flags: open() creates the file with no permission for anyone, so it cannot be opened again (but by root); give the mode, such as 0644 or 0600 [misbehaves] [flagspace-missing-mode]
}

int out_open(const char *p) {
  return open(p, out.access | out.extra, out.mode);
}

// Through a pointer to the record, given a positional brace initializer.
struct log_config {
  const char *path;
  int flags;
};
static struct log_config log_defaults = {"/var/log/x", O_RDONLY | O_TRUNC};
// CHECK-MESSAGES: :[[@LINE-1]]:67: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: {{.*}} [flagspace-invalid-combination]

int log_open(const struct log_config *c) { return open(c->path, c->flags); }
int log_open_default(void) { return log_open(&log_defaults); }

// A record cleared with memset before its fields are set, written out with
// write() (its bytes read, not changed) and freed.
struct zeroed_config {
  int flags;
};
static struct zeroed_config zeroed;
void zeroed_init(void) {
  memset(&zeroed, 0, sizeof zeroed);
  zeroed.flags = O_RDONLY | O_TRUNC;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: {{.*}} [flagspace-invalid-combination]
}
int zeroed_save(int fd) { return (int)write(fd, &zeroed, sizeof zeroed); }
int zeroed_open(const char *p) { return open(p, zeroed.flags); }
void heap_set(struct zeroed_config *z) { z->flags = O_RDONLY | O_TRUNC; }
// CHECK-MESSAGES: :[[@LINE-1]]:64: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: {{.*}} [flagspace-invalid-combination]
int heap_open(struct zeroed_config *z, const char *p) {
  int fd = open(p, z->flags);
  free(z);
  return fd;
}

// Nothing below may be reported: each field is written with different
// values on different paths (the access mode read-only in one function,
// write-only in another; the mode 0 or 0644), so O_TRUNC may have write
// access and the mode may be given; or the field is given a value that is
// not a constant (a parameter), or changed otherwise (|=).
struct in_config {
  int access;
  int extra;
  mode_t mode;
};
static struct in_config in;

void in_read(void) {
  in.access = O_RDONLY;
  in.mode = 0;
}
void in_write(void) {
  in.access = O_WRONLY;
  in.mode = 0644;
}
void in_setup(void) { in.extra = O_CREAT | O_TRUNC; }

int in_open(const char *p) {
  return open(p, in.access | in.extra, in.mode);
}

struct branch_config {
  int flags;
  mode_t mode;
};
static struct branch_config branch;
void branch_init(int create) {
  if (create) {
    branch.flags = O_WRONLY | O_CREAT;
    branch.mode = 0600;
  } else {
    branch.flags = O_RDONLY;
    branch.mode = 0;
  }
}
int branch_open(const char *p) { return open(p, branch.flags, branch.mode); }

// The record's bytes come from elsewhere (read from a file, received from
// a socket, copied in with memcpy, or set to another byte than 0): its
// fields may hold anything. A union's field shares its bytes with the
// others.
struct saved_config {
  int flags;
};
static struct saved_config saved;
void saved_default(void) { saved.flags = O_RDONLY | O_TRUNC; }
int saved_load(int fd) { return (int)read(fd, &saved, sizeof saved); }
int saved_open(const char *p) { return open(p, saved.flags); }

struct wire_config {
  int flags;
};
void wire_default(struct wire_config *w) { w->flags = O_RDONLY | O_TRUNC; }
int wire_recv(int fd, struct wire_config *w) {
  return (int)recv(fd, w, sizeof *w, 0);
}
int wire_open(const struct wire_config *w, const char *p) {
  return open(p, w->flags);
}

struct copied_config {
  int flags;
};
void copied_set(struct copied_config *c, const void *from) {
  c->flags = O_RDONLY | O_TRUNC;
  memcpy(c, from, sizeof *c);
}
int copied_open(const struct copied_config *c, const char *p) {
  return open(p, c->flags);
}

struct filled_config {
  int flags;
};
void filled_set(struct filled_config *f) {
  f->flags = O_RDONLY | O_TRUNC;
  memset(f, 0xff, sizeof *f);
}
int filled_open(const struct filled_config *f, const char *p) {
  return open(p, f->flags);
}

union tagged {
  int flags;
  unsigned char raw[4];
};
static union tagged tg;
void tg_set(void) {
  tg.flags = O_RDONLY | O_TRUNC;
  tg.raw[0] = 2;
}
int tg_open(const char *p) { return open(p, tg.flags); }

struct given_config {
  int flags;
  mode_t mode;
};
void given_set(struct given_config *g, int flags) {
  g->flags = O_RDONLY | O_TRUNC;
  g->flags = flags;
  g->mode = 0;
}
void given_more(struct given_config *g) { g->mode |= S_IRUSR; }
int given_open(const struct given_config *g, const char *p) {
  return open(p, g->flags | O_CREAT, g->mode);
}
