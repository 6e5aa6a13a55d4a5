// A body whose brackets do not close as they opened (a ')' missing before
// its '}') is read ahead to the end of the file: the names of everything
// after it were read with it, so they cannot say which later bodies to
// skip. The runner then parses every later body, and every body skipped
// before at the end, and reports what clang-tidy reports: the compile
// errors, and the findings after the broken body too (before, `after` was
// skipped and its finding lost).
// REQUIRES: flagspace-runner
// RUN: env FLAGSPACE_RUNNER_LOG=1 not %flagspace_runner \
// RUN:   -checks='-*,flagspace-*' --config={} %s -- -std=gnu11 2>&1 \
// RUN:   | FileCheck %s -implicit-check-not=warning: \
// RUN:     -implicit-check-not=error: \
// RUN:     "-implicit-check-not={{unclosed-bodies.c:[0-9]+: }}"
#define _GNU_SOURCE
#include <fcntl.h>

// CHECK-DAG: unclosed-bodies.c:[[@LINE+1]]: before: skipped
int before(const char *p) { return p != 0; }
// CHECK-DAG: unclosed-bodies.c:[[@LINE-1]]: before: parsed at the end, after a body that did not close

int mismatched(const char *p) { return open(p, O_RDONLY | AT_REMOVEDIR }
// CHECK-DAG: unclosed-bodies.c:[[@LINE-1]]:{{[0-9]+}}: error: expected ')'

// CHECK-DAG: unclosed-bodies.c:[[@LINE+1]]: after: kept, after a body that did not close
int after(const char *p) { return open(p, O_WRONLY | AT_SYMLINK_NOFOLLOW); }
// CHECK-DAG: unclosed-bodies.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace

// CHECK-DAG: unclosed-bodies.c:[[@LINE+1]]: unclosed: kept, after a body that did not close
int unclosed(const char *p) { return open(p, AT_REMOVEDIR);
// CHECK-DAG: unclosed-bodies.c:[[@LINE-1]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace
// CHECK-DAG: unclosed-bodies.c:[[@LINE]]:{{[0-9]+}}: error: expected '}'
