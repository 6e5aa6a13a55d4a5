// RUN: %check_flagspace %s flagspace-invalid-combination,flagspace-missing-mode %t
// A config record of the program's own: its fields are written in one
// function (parsing options, a setup) and given to open() in another. The
// values the unit writes to each field reach the call; with several, the
// engine gets one of them (FS_OP_EITHER) and reports only what holds for
// every one. flagspace-runner keeps the body that reads the fields,
// although it names no flag.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>

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
