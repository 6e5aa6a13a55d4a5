// flagspace-runner keeps a function body when it, or its declarator, names a
// name that carries: a flag name the rules know, a struct whose rules report
// what an initializer leaves out, or a name declared in terms of one
// (a constant, an enumerator, static data, a typedef, a tag, a static
// function whose returns name one). Every other body is skipped; the
// findings are clang-tidy's.
// REQUIRES: flagspace-runner
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 2>&1 | FileCheck %s \
// RUN:   -implicit-check-not=warning: \
// RUN:   "-implicit-check-not={{keep-names.c:[0-9]+: }}"
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/socket.h>
#include <sys/stat.h>

// CHECK-DAG: keep-names.c:[[@LINE+1]]: flag: kept, naming AT_REMOVEDIR
int flag(const char *p) { return open(p, AT_REMOVEDIR); }
// CHECK-DAG: keep-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace

#define MY_FLAGS (O_RDONLY | AT_SYMLINK_NOFOLLOW)
// CHECK-DAG: keep-names.c:[[@LINE+1]]: macro: kept, naming AT_SYMLINK_NOFOLLOW
int macro(const char *p) { return open(p, MY_FLAGS); }
// CHECK-DAG: keep-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace

enum { OUR_FLAGS = O_WRONLY | AT_EMPTY_PATH };
// CHECK-DAG: keep-names.c:[[@LINE+1]]: enumerator: kept, naming OUR_FLAGS
int enumerator(const char *p) { return open(p, OUR_FLAGS); }
// CHECK-DAG: keep-names.c:[[@LINE-3]]:{{[0-9]+}}: warning: AT_EMPTY_PATH is from the AT_* namespace

static const struct { int fl; } table[] = {{O_RDONLY}, {AT_REMOVEDIR}};
// CHECK-DAG: keep-names.c:[[@LINE+1]]: data: kept, naming table
int data(const char *p, int i) { return open(p, table[i].fl); }
// CHECK-DAG: keep-names.c:[[@LINE-3]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace

typedef struct open_how how_t;
// CHECK-DAG: keep-names.c:[[@LINE+1]]: record: kept, naming how_t
long record(const char *p) { how_t how = {.mode = 0600}; return (long)how.mode; }
// CHECK-DAG: keep-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}mode{{.*}}[flagspace-missing-mode]

// CHECK-DAG: keep-names.c:[[@LINE+1]]: helper: kept, naming O_CREAT
static int helper(void) { return O_WRONLY | O_CREAT; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: returned: kept, naming helper
int returned(const char *p) { return open(p, helper()); }
// CHECK-DAG: keep-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: O_CREAT in open() flags needs a mode argument

// A static function returning a variable of its own carries when its body
// names a name that carries (the writes of the variable are followed).
// CHECK-DAG: keep-names.c:[[@LINE+1]]: own: kept, naming O_CREAT
static int own(int w) { int fl = O_WRONLY | O_CREAT; if (w) fl |= O_TRUNC; return fl; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: returned_own: kept, naming own
int returned_own(const char *p, int w) { return open(p, own(w)); }
// CHECK-DAG: keep-names.c:[[@LINE-1]]:{{[0-9]+}}: warning: O_CREAT in open() flags needs a mode argument
// Returning its parameter is not returning a variable of its own.
// CHECK-DAG: keep-names.c:[[@LINE+1]]: passes: kept, naming O_RDONLY
static int passes(int given) { if (given == O_RDONLY) return 0; return given; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: returned_param: skipped
int returned_param(int given) { return passes(given) + 1; }

// No name that carries: skipped.
// CHECK-DAG: keep-names.c:[[@LINE+1]]: plain: skipped
int plain(int x) { int y = x * 3; return y + 1; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: opens_given: skipped
int opens_given(const char *p, int fl) { return open(p, fl); }
// A static function that returns no flag does not carry: its callers that
// name nothing else are skipped.
// CHECK-DAG: keep-names.c:[[@LINE+1]]: tests_flag: kept, naming S_IFDIR
static int tests_flag(mode_t m) { if (m & S_IFDIR) return -1; return 0; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: calls_test: skipped
int calls_test(mode_t m) { return tests_flag(m) + 1; }

// A type declaration's own names are not uses of what they spell: a struct
// whose member is named like a function the rules know (the kernel's
// file_operations.flock), or whose tag is (struct mknod), carries nothing
// for it, nor does a struct holding a pointer to one.
struct ops { int (*flock)(int, int); };
struct mknod { int dev; };
struct holder { struct ops *o; };
// CHECK-DAG: keep-names.c:[[@LINE+1]]: uses_ops: skipped
int uses_ops(struct ops *o) { return o != 0; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: uses_holder: skipped
int uses_holder(struct holder *h) { return h->o != 0; }
// A call of one still keeps the body.
// CHECK-DAG: keep-names.c:[[@LINE+1]]: calls_member: kept, naming flock
int calls_member(struct ops *o, int fd) { return o->flock(fd, 0); }

// A name right after struct, union or enum is a tag, which C keeps apart
// from other names: struct socket names no function socket(), so neither
// a struct pointing to one nor a body using one carries for it (the
// kernel's struct socket made sock, file and nearly every struct of an
// fs/ unit carry, and most bodies were parsed at the end).
struct socket;
struct sock_holder { struct socket *s; };
// CHECK-DAG: keep-names.c:[[@LINE+1]]: uses_socket: skipped
int uses_socket(struct socket *s) { return s != 0; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: uses_sock_holder: skipped
int uses_sock_holder(struct sock_holder *h) { return h->s != 0; }
// CHECK-DAG: keep-names.c:[[@LINE+1]]: calls_socket: kept, naming socket
int calls_socket(void) { return socket(1, 1, 0); }
// A tag declared in terms of a carrying name carries as a tag, even when
// it is spelled like a function the rules know.
struct mkdir { struct open_how how; };
// CHECK-DAG: keep-names.c:[[@LINE+1]]: uses_mkdir: kept, naming mkdir
long uses_mkdir(struct mkdir *m) { return (long)m->how.flags; }
