// RUN: %check_flagspace %s flagspace-wrong-namespace,flagspace-missing-mode,flagspace-invalid-combination %t -- -- -std=c++17
// Enumerators used as flags: an enum class (or a plain enum with a fixed
// type) whose enumerators are open() flags, given to open() one at a time
// and combined by the enumeration's own operator| (a function whose one
// statement returns its parameters combined: its value at a call is that
// expression with the arguments in place of the parameters). The finding
// points at the enumerator's definition, with a note where it is passed.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

enum class OpenFlags : int {
  ReadOnly = O_RDONLY,
  NoFollow = AT_SYMLINK_NOFOLLOW,
  Create = O_CREAT,
  Truncate = O_TRUNC,
  WriteOnly = O_WRONLY,
};

inline OpenFlags operator|(OpenFlags a, OpenFlags b) {
  return static_cast<OpenFlags>(static_cast<int>(a) | static_cast<int>(b));
}

int use_combined(const char *p) {
  return ::open(p, static_cast<int>(OpenFlags::ReadOnly | OpenFlags::NoFollow));
  // CHECK-MESSAGES: :14:14: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:59: note: flag passed here
}

int use_combined_three(const char *p) {
  return ::open(p, static_cast<int>(OpenFlags::ReadOnly | OpenFlags::Truncate |
                                    OpenFlags::ReadOnly));
  // CHECK-MESSAGES: :16:14: warning: O_TRUNC in open() flags without O_WRONLY or O_RDWR: the descriptor is read-only, so write() fails with EBADF, yet Linux truncates the file (EACCES when the caller may not write it); add O_WRONLY or O_RDWR [misbehaves] [flagspace-invalid-combination]
  // CHECK-MESSAGES: :[[@LINE-3]]:59: note: flag passed here
}

// Missing mode is reported at the call, with a note where O_CREAT is set.
int use_create(const char *p) {
  return ::open(p, static_cast<int>(OpenFlags::Create));
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: O_CREAT in open() flags needs a mode argument: without it open() creates the file with unpredictable permissions [misbehaves] [flagspace-missing-mode]
  // CHECK-MESSAGES: :15:12: note: O_CREAT is set here
}

// A plain enum with a fixed type, combined by a helper of the same shape.
enum Access : unsigned { AccRead = O_RDONLY, AccRemove = AT_REMOVEDIR };
static unsigned both(Access a, Access b) { return a | b; }
int use_plain(const char *p) {
  return ::open(p, both(AccRead, AccRemove));
  // CHECK-MESSAGES: :[[@LINE-4]]:58: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-2]]:34: note: flag passed here
}

// Nothing below may be reported.
enum class GoodFlags : int {
  ReadOnly = O_RDONLY,
  NoFollow = O_NOFOLLOW,
  Create = O_CREAT,
  WriteOnly = O_WRONLY,
  Remove = AT_REMOVEDIR, // given to unlinkat() below: right there
};
constexpr GoodFlags operator|(GoodFlags a, GoodFlags b) {
  return static_cast<GoodFlags>(static_cast<int>(a) | static_cast<int>(b));
}
int good(const char *p) {
  return ::open(p, static_cast<int>(GoodFlags::ReadOnly | GoodFlags::NoFollow)) +
         ::open(p, static_cast<int>(GoodFlags::Create | GoodFlags::WriteOnly),
                0644) +
         unlinkat(AT_FDCWD, p, static_cast<int>(GoodFlags::Remove));
}

// Not followed: an operator that does more than return (it may log, or
// check), one defined with external linkage and not inline (another
// definition may be the one that runs), one taking a reference.
enum class Other : int { A = O_RDONLY, B = AT_SYMLINK_NOFOLLOW };
Other operator|(Other a, Other b) {
  return static_cast<Other>(static_cast<int>(a) | static_cast<int>(b));
}
inline Other operator&(Other a, Other b) {
  int v = static_cast<int>(a) & static_cast<int>(b);
  return static_cast<Other>(v | O_CLOEXEC);
}
inline Other operator^(const Other &a, const Other &b) {
  return static_cast<Other>(static_cast<int>(a) ^ static_cast<int>(b));
}
int not_followed(const char *p) {
  return ::open(p, static_cast<int>(Other::A | Other::B)) +
         ::open(p, static_cast<int>(Other::A & Other::B)) +
         ::open(p, static_cast<int>(Other::A ^ Other::B));
}
