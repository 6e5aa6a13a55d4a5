// A static function or variable used only in skipped bodies looks unused to
// clang: flagspace-runner turns those warnings off, so that a project's
// -Werror cannot make them errors. clang-tidy parses every body and sees
// them used.
// REQUIRES: flagspace-runner
// RUN: %flagspace_runner -checks='-*,flagspace-*' --config={} %s -- \
// RUN:   -std=gnu11 -Werror -Wunused -Werror=unused-function 2>&1 | FileCheck %s
// RUN: %clang_tidy --load=%flagspace_plugin -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 -Werror -Wunused -Werror=unused-function \
// RUN:   2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: skipping-warnings.c:[[@LINE+8]]:{{[0-9]+}}: warning: AT_REMOVEDIR is from the AT_* namespace
// CHECK-NOT: error
#include <fcntl.h>

static int counter;
static int bump(void) { return ++counter; }
int uses(void) { return bump(); }
int flagged(const char *p) { return open(p, O_RDONLY); }
int wrong(const char *p) { return open(p, AT_REMOVEDIR); }
