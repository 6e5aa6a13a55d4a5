// A mode string makes a finding with no flag name (flagspace-mode-string),
// so a body that calls fopen() or popen() is parsed (their role is
// FS_ROLE_CALL, as for flagspace-unnamed-number's functions); one that calls
// neither and names no flag is skipped.
// REQUIRES: flagspace-runner
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 2>&1 | FileCheck %s -implicit-check-not=warning: \
// RUN:   "-implicit-check-not={{mode-string.c:[0-9]+: }}"
#include <stdio.h>

// CHECK-DAG: mode-string.c:[[@LINE+1]]: open_log: kept, naming fopen
FILE *open_log(const char *p) {
  return fopen(p, "rw");
  // CHECK-DAG: mode-string.c:[[@LINE-1]]:{{[0-9]+}}: warning: 'w' in fopen() mode "rw" is ignored: {{.*}} [flagspace-mode-string]
}

// CHECK-DAG: mode-string.c:[[@LINE+1]]: run: kept, naming popen
FILE *run(const char *cmd) {
  return popen(cmd, "r+");
  // CHECK-DAG: mode-string.c:[[@LINE-1]]:{{[0-9]+}}: warning: '+' in popen() type "r+" makes glibc's popen() fail with EINVAL{{.*}} [flagspace-mode-string]
}

// CHECK-DAG: mode-string.c:[[@LINE+1]]: show: skipped
int show(const char *s) { return puts(s); }
