// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.Consequences, value: 'fails,bogus'}, {key: flagspace.ConsequencesAsErrors, value: 'fails,,ignored'}]}"
// A value that names no class is reported, and the option's default is
// kept: every class, as warnings. clang-tidy prints such warnings sorted.
#define _GNU_SOURCE
#include <fcntl.h>

// CHECK-MESSAGES: warning: invalid value 'fails,,ignored' for flagspace.ConsequencesAsErrors: '' is not one of fails, misbehaves, ignored, same-value, deprecated, all, none [clang-tidy-config]
// CHECK-MESSAGES: warning: invalid value 'fails,bogus' for flagspace.Consequences: 'bogus' is not one of fails, misbehaves, ignored, same-value, deprecated, all, none [clang-tidy-config]
int still_reported(const char *p) {
  return open(p, O_RDONLY | AT_REMOVEDIR);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
}
