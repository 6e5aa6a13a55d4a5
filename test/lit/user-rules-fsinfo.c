// RUN: %check_flagspace %s flagspace-wrong-field,flagspace-wrong-namespace,flagspace-unsupported-flag %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.RulesFiles, value: '%S/Inputs/fsinfo.rules'}]}"
// Rules a user wrote for their own API are applied like the built-in ones.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <linux/types.h>

struct fsinfo_params {
  __u64 resolve_flags;
  __u32 at_flags;
  __u32 flags;
  __u32 request;
  __u32 Nth;
  __u32 Mth;
};
#define FSINFO_FLAGS_QUERY_PATH 0x0000
#define FSINFO_FLAGS_QUERY_FD 0x0001
#define FSINFO_FLAGS_QUERY_MOUNT 0x0002

struct fsinfo_params bad = { .at_flags = AT_SYMLINK_NOFOLLOW | RESOLVE_NO_XDEV };
// CHECK-MESSAGES: :[[@LINE-1]]:64: warning: RESOLVE_NO_XDEV belongs in fsinfo_params.resolve_flags, not fsinfo_params.at_flags: here 0x1 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]

void set(struct fsinfo_params *params) {
  params->at_flags = RESOLVE_BENEATH;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: RESOLVE_BENEATH belongs in fsinfo_params.resolve_flags, not fsinfo_params.at_flags: here 0x8 matches no AT_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  params->flags = AT_EMPTY_PATH;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: AT_EMPTY_PATH belongs in fsinfo_params.at_flags, not fsinfo_params.flags: here 0x1000 matches no FSINFO_FLAGS_* flag and the call fails with EINVAL [fails] [flagspace-wrong-field]
  params->at_flags = AT_REMOVEDIR;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: AT_REMOVEDIR is not accepted by fsinfo_params.at_flags: the call fails with EINVAL; it takes AT_SYMLINK_NOFOLLOW, AT_NO_AUTOMOUNT, AT_EMPTY_PATH [fails] [flagspace-unsupported-flag]
  params->flags = O_NOFOLLOW;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: O_NOFOLLOW is from the O_* namespace, not FSINFO_FLAGS_*: in fsinfo_params.flags 0x20000 matches no FSINFO_FLAGS_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW in fsinfo_params.at_flags [fails] [flagspace-wrong-namespace]
}

// Correct code: nothing may be reported below.
void correct(struct fsinfo_params *params) {
  struct fsinfo_params ok = {
    .resolve_flags = RESOLVE_NO_XDEV | RESOLVE_BENEATH,
    .at_flags = AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH,
    .flags = FSINFO_FLAGS_QUERY_FD,
  };
  params->flags = FSINFO_FLAGS_QUERY_MOUNT;
  params->at_flags |= AT_NO_AUTOMOUNT;
  (void)ok;
}
