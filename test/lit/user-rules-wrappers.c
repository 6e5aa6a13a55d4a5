// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode %t -- \
// RUN:   -config="{CheckOptions: [{key: flagspace.RulesFiles, value: '%S/Inputs/crun-wrappers.rules'}]}"
// A wrapper declared in a user's rules file is checked like the function it
// wraps, though its body is not in this translation unit.
#define _GNU_SOURCE
#include <fcntl.h>

typedef struct libcrun_error_s *libcrun_error_t;
int safe_openat(int dirfd, const char *rootfs, const char *path, int flags,
                int mode, libcrun_error_t *err);

int use(int dfd, const char *root, const char *p, libcrun_error_t *err) {
  int r = safe_openat(dfd, root, p, O_RDONLY | AT_SYMLINK_NOFOLLOW, 0, err);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in safe_openat() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-FIXES: int r = safe_openat(dfd, root, p, O_RDONLY | O_NOFOLLOW, 0, err);
  r |= safe_openat(dfd, root, p, O_WRONLY | O_CREAT, O_CLOEXEC, err);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: O_CLOEXEC is from the O_* namespace, not S_I*: in safe_openat() mode 0x80000 matches no S_I* flag and is ignored; it belongs in safe_openat() flags [ignored] [flagspace-wrong-namespace]
  // Correct calls: nothing to report.
  r |= safe_openat(dfd, root, p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0, err);
  r |= safe_openat(dfd, root, p, O_WRONLY | O_CREAT | O_EXCL, 0600, err);
  return r;
}
