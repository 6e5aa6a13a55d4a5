// RUN: %check_flagspace %s flagspace-wrong-namespace %t
// A field of the program's own struct written in one function and read in
// another (a config record): the values the translation unit gives it
// reach the call that reads it, when each is a constant and nothing else
// changes the field (`|=`, `++`, its address taken) and no other unit can
// (the struct is declared in this file).
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>

struct config {
  int open_flags;
  int at_flags;
};
static struct config cfg;

void config_init(int nofollow) {
  cfg.open_flags = O_RDONLY | AT_SYMLINK_NOFOLLOW;
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  if (nofollow)
    cfg.at_flags = AT_SYMLINK_NOFOLLOW;
}

int config_open(const char *p) {
  return open(p, cfg.open_flags);
}

struct opener { int flags; };
static const struct opener defaults = { .flags = O_WRONLY | AT_REMOVEDIR };
// CHECK-MESSAGES: :[[@LINE-1]]:61: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]

void opener_reset(struct opener *o) { o->flags = O_RDONLY | O_CLOEXEC; }
int opener_open(const struct opener *o, const char *p) {
  return open(p, o->flags);
}
int opener_default(const char *p) { return opener_open(&defaults, p); }

// Nothing below may be reported: the field is changed otherwise, or given
// a value that is not a constant, or holds the right flags.
struct later { int flags; int mode; int right; };
static void adjust(int *flags) { *flags |= O_NOFOLLOW; }
void later_init(struct later *l, int flags) {
  l->flags = AT_SYMLINK_NOFOLLOW;
  adjust(&l->flags);
  l->mode = AT_SYMLINK_NOFOLLOW;
  l->mode = flags;
  l->right = O_RDONLY | O_NOFOLLOW;
}
int later_open(const struct later *l, const char *p) {
  return open(p, l->flags) + open(p, l->mode) + open(p, l->right) +
         fstatat(AT_FDCWD, p, 0, cfg.at_flags);
}

// Two tables of one struct, each with flags of its own namespace (Linux's
// fs/proc_namespace.c: fs_opts holds SB_ flags and mnt_opts MNT_ ones), read
// through a pointer that walks one table at a time: not followed.
struct flag_name { int flag; const char *str; };
static const struct flag_name open_names[] = {
  { O_APPEND, "append" }, { O_NONBLOCK, "nonblock" }, { 0, 0 } };
static const struct flag_name at_names[] = {
  { AT_SYMLINK_NOFOLLOW, "nofollow" }, { AT_EMPTY_PATH, "empty" }, { 0, 0 } };
int show_open(int fd) {
  int fl = fcntl(fd, F_GETFL), n = 0;
  for (const struct flag_name *f = open_names; f->flag; f++)
    n += (fl & f->flag) != 0;
  return n;
}
int show_at(int at) {
  int n = 0;
  for (const struct flag_name *f = at_names; f->flag; f++)
    n += (at & f->flag) != 0;
  return n + fstatat(AT_FDCWD, "x", 0, at_names[0].flag);
}
