// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-wrong-field %t
// AT_ flags written where openat2() is used. openat2 has no AT_ flags: the
// message names the real equivalents in the fields that do exist, and says
// which RESOLVE_ spellings were only proposed (2020) and never merged.
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>

struct open_how nofollow = { .flags = O_RDONLY | AT_SYMLINK_NOFOLLOW };
// CHECK-MESSAGES: :[[@LINE-1]]:50: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open_how.flags 0x100 means O_NOCTTY; use O_NOFOLLOW for the trailing symlink; or RESOLVE_NO_SYMLINKS in open_how.resolve for every component; RESOLVE_NO_TERMINAL_SYMLINKS was proposed in 2020 but never reached the kernel [misbehaves] [flagspace-wrong-namespace]
struct open_how resolve_nofollow = { .resolve = AT_SYMLINK_NOFOLLOW };
// CHECK-MESSAGES: :[[@LINE-1]]:49: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not RESOLVE_*: in open_how.resolve 0x100 matches no RESOLVE_* flag and the call fails with EINVAL; use RESOLVE_NO_SYMLINKS for every component; or O_NOFOLLOW in open_how.flags for the trailing symlink; RESOLVE_NO_TERMINAL_SYMLINKS was proposed in 2020 but never reached the kernel [fails] [flagspace-wrong-namespace]
struct open_how empty_path = { .flags = O_PATH, .resolve = AT_EMPTY_PATH };
// CHECK-MESSAGES: :[[@LINE-1]]:60: warning: AT_EMPTY_PATH is from the AT_* namespace, not RESOLVE_*: in open_how.resolve 0x1000 matches no RESOLVE_* flag and the call fails with EINVAL; RESOLVE_EMPTY_PATH was proposed in 2020 but never reached the kernel [fails] [flagspace-wrong-namespace]
struct open_how automount = { .flags = O_RDONLY | AT_NO_AUTOMOUNT };
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: AT_NO_AUTOMOUNT is from the AT_* namespace, not O_*: in open_how.flags 0x800 means O_NONBLOCK; RESOLVE_NO_TERMINAL_AUTOMOUNTS was proposed in 2020 but never reached the kernel [misbehaves] [flagspace-wrong-namespace]

// Correct code: nothing may be reported below.
struct open_how fine = { .flags = O_RDONLY | O_NOFOLLOW, .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH };
