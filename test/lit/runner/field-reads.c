// flagspace-runner keeps a function body that reads a field of a struct
// declared in this file (`c.f`, `p->f`) when the unit writes that field a
// value naming a carrying name (`c.f = O_X`, `p->f = helper()`, `.f = O_X`
// in an initializer, a brace initializer of the struct naming one): the
// checks follow the field from its writes to the call that reads it
// (follow-field-*.c). A field written only otherwise, or a library
// struct's field, keeps nothing.
// REQUIRES: flagspace-runner
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 2>&1 | FileCheck %s \
// RUN:   -implicit-check-not=warning: \
// RUN:   "-implicit-check-not={{field-reads.c:[0-9]+: }}"
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include "Inputs/field-reads.h"

struct cfg { int flags; };
static struct cfg c;
// CHECK-DAG: field-reads.c:[[@LINE+1]]: init: kept, naming AT_SYMLINK_NOFOLLOW
void init(void) { c.flags = O_RDONLY | AT_SYMLINK_NOFOLLOW; }
// CHECK-DAG: field-reads.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use: kept, reading flags
int use(const char *p) { return open(p, c.flags); }

// The read comes before the write: parsed at the end.
struct early { int early_flags; };
static struct early e;
// CHECK-DAG: field-reads.c:[[@LINE+2]]: use_early: skipped
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_early: parsed at the end, reading early_flags
int use_early(const char *p) { return open(p, e.early_flags); }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: init_early: kept, naming AT_EMPTY_PATH
void init_early(void) { e.early_flags = O_WRONLY | AT_EMPTY_PATH; }
// CHECK-DAG: field-reads.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_EMPTY_PATH is from the AT_* namespace

// The value names a static function that carries only once its body is
// read: the write waits for the end of the unit.
struct waits { int wait_flags; };
static struct waits w;
static int later_flags(void);
// CHECK-DAG: field-reads.c:[[@LINE+2]]: init_waits: skipped
// CHECK-DAG: field-reads.c:[[@LINE+1]]: init_waits: parsed at the end, naming later_flags
void init_waits(void) { w.wait_flags = later_flags(); }
// CHECK-DAG: field-reads.c:[[@LINE+2]]: use_waits: skipped
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_waits: parsed at the end, reading wait_flags
int use_waits(const char *p) { return open(p, w.wait_flags); }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: later_flags: kept, naming AT_REMOVEDIR
static int later_flags(void) { return O_RDONLY | AT_REMOVEDIR; }
// CHECK-DAG: field-reads.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace

// A designated initializer, and a field written from another such field.
struct named { int named_flags; int copied_flags; };
static const struct named n = {.named_flags = O_RDONLY | O_DIRECTORY};
// CHECK-DAG: field-reads.c:[[@LINE+1]]: copy: kept, reading named_flags
void copy(struct named *to, const struct named *from) { to->copied_flags = from->named_flags; }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_copied: kept, reading copied_flags
int use_copied(const struct named *m, const char *p) { return open(p, m->copied_flags); }

// A brace initializer of the struct naming a flag gives all its fields.
struct positional { int pflags; };
static const struct positional pos = {O_WRONLY | O_APPEND};
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_positional: kept, reading pflags
int use_positional(const struct positional *q, const char *p) { return open(p, q->pflags); }

// A static function returning such a field carries.
// CHECK-DAG: field-reads.c:[[@LINE+1]]: get_flags: kept, reading flags
static int get_flags(void) { return c.flags; }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_getter: kept, naming get_flags
int use_getter(const char *p) { return open(p, get_flags()); }

// Nothing keeps these: a field given only a parameter, a local variable
// spelled like a flag field (the checks that look for the writes of c.flags
// parse the skipped bodies that name it as a member only), and a library
// struct's field.
struct given { int gflags; };
// CHECK-DAG: field-reads.c:[[@LINE+1]]: init_given: skipped
void init_given(struct given *g, int fl) { g->gflags = fl; }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_given: skipped
int use_given(const struct given *g, const char *p) { return open(p, g->gflags); }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: local_named: skipped
int local_named(int x) { int flags = x; return flags + 1; }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: library_field: skipped
int library_field(const struct timespec *t) { return t->tv_nsec == 0; }
// A body before the struct (the header's lib_flags) reads another `flags`;
// a static function returning a variable spelled like the field does not
// carry.
// CHECK-DAG: field-reads.h:3: lib_flags: skipped
// CHECK-DAG: field-reads.c:[[@LINE+1]]: plus_one: skipped
static int plus_one(int flags) { return flags + 1; }
// CHECK-DAG: field-reads.c:[[@LINE+1]]: use_plus_one: skipped
int use_plus_one(const struct lib_rec *r) { return plus_one(lib_flags(r)); }
