// Shared headers (`flagspace audit`'s PCHs, docs/runner.md): the run of a
// unit reading its headers itself writes the names they make carry
// (--flagspace-write-names); a unit reading them from the PCH
// (--flagspace-shared-headers, -include-pch) reads those names, so that
// its bodies naming them are parsed, and the checks walk only what it
// parsed itself: the header's finding is the first run's, not reported
// again. Without the names file the unit is not analysed (an error).
// REQUIRES: flagspace-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -std=gnu11 -x c-header %S/Inputs/shared-headers.h -o %t/h.pch
//
// The unit reading its headers itself, writing the names.
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} --header-filter=.* --flagspace-write-names=%t/h.pch.names \
// RUN:   %s -- -std=gnu11 2>&1 | FileCheck %s --check-prefixes=ALONE,BOTH \
// RUN:   -implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=NAMES < %t/h.pch.names
// NAMES:      flagspace-names 1
// NAMES-DAG:  {{^}}create_flags{{$}}
// NAMES-DAG:  {{^}}read_only{{$}}
// NAMES-DAG:  {{^}}header_open{{$}}
// ALONE-DAG: shared-headers.h:10:{{[0-9]+}}: warning: O_CREAT in open() flags needs a mode argument
//
// The unit reading the PCH: the same findings but the header's.
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} --header-filter=.* --flagspace-shared-headers \
// RUN:   %s -- -std=gnu11 -include-pch %t/h.pch 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=SHARED,BOTH -implicit-check-not=warning:
// SHARED: flagspace-runner: shared headers from {{.*}}h.pch: {{[0-9]+}} names carry
//
// Without the names file: an error, never a clean run.
// RUN: rm %t/h.pch.names
// RUN: not %flagspace_runner -checks='-*,flagspace-*' --config={} \
// RUN:   --flagspace-shared-headers %s -- -std=gnu11 -include-pch %t/h.pch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: error: error opening '{{.*}}h.pch.names': cannot read the shared headers' names: No such file or directory
// RUN: echo nonsense > %t/h.pch.names
// RUN: not %flagspace_runner -checks='-*,flagspace-*' --config={} \
// RUN:   --flagspace-shared-headers %s -- -std=gnu11 -include-pch %t/h.pch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOT-NAMES
// NOT-NAMES: error: error opening '{{.*}}h.pch.names': not a names file of the shared headers
//
// A PCH of the unit's own, without --flagspace-shared-headers: its headers'
// tokens are hidden, so every body is parsed (no decision logged).
// RUN: env FLAGSPACE_RUNNER_LOG=1 %flagspace_runner -checks='-*,flagspace-*' \
// RUN:   --config={} %s -- -std=gnu11 -include-pch %t/h.pch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OWN -implicit-check-not=skipped
// OWN: shared-headers.c:[[@LINE+4]]:{{[0-9]+}}: warning: O_CREAT in open() flags needs a mode argument
#include "Inputs/shared-headers.h"

// BOTH-DAG: shared-headers.c:[[@LINE+1]]: create: kept, naming create_flags
int create(const char *p) { return open(p, create_flags); }
// BOTH-DAG: shared-headers.c:[[@LINE-1]]:{{[0-9]+}}: warning: O_CREAT in open() flags needs a mode argument

// BOTH-DAG: shared-headers.c:[[@LINE+1]]: reading: kept, naming read_only
int reading(const char *p) { return open(p, read_only()); }

// BOTH-DAG: shared-headers.c:[[@LINE+1]]: plain: skipped
int plain(int a) { return a + 1; }

// Bad options: a clear error.
// RUN: not %flagspace_runner --flagspace-write-names= %s -- 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: --flagspace-write-names= needs a file
