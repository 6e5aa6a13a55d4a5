// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- -- -std=c++17
// A non-type template parameter used as a flag: a call that writes the
// template argument (`op<AT_SYMLINK_NOFOLLOW>(p)`) is checked like a
// wrapper's call, with the argument as written (AT_REMOVEDIR and
// AT_EACCESS make the same specialization, each is named as written); also
// a template argument OR-ed with the template's own flags, passed on to
// another template or to a wrapper. Not followed: a template parameter
// masked or computed before the call, a pack, a class template's.
#include <fcntl.h>
#include <sys/stat.h>

template <int F> int op(const char *p) { return ::open(p, F); }
int use_op(const char *p) {
  return op<AT_SYMLINK_NOFOLLOW>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-4]]:59: note: flag passed here
}
int same_value(const char *p) {
  return op<O_RDONLY | AT_EACCESS>(p) + op<AT_REMOVEDIR>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: AT_EACCESS is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-9]]:59: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-3]]:44: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-11]]:59: note: flag passed here
}

template <int F> int open_cloexec(const char *p) {
  return ::open(p, F | O_CLOEXEC);
}
int use_wrapper_template(const char *p) {
  return open_cloexec<O_RDONLY | AT_EMPTY_PATH>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-5]]:20: note: flag passed here
}

static int xopen(const char *p, int fl) { return ::open(p, fl); }
template <int F> int via_template(const char *p) { return op<F>(p); }
template <int F> int via_wrapper(const char *p) { return xopen(p, F); }
int use_via(const char *p) {
  return via_template<AT_REMOVEDIR>(p) + via_wrapper<AT_EMPTY_PATH>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-29]]:59: note: flag passed here
  // CHECK-MESSAGES: :[[@LINE-3]]:54: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-8]]:60: note: flag passed here
}

template <int At>
int stat_at(int dfd, const char *p, struct stat *st) {
  return ::fstatat(dfd, p, st, At);
}
int use_stat_at(const char *p, struct stat *st) {
  return stat_at<O_NOFOLLOW>(AT_FDCWD, p, st);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: O_NOFOLLOW is from the O_* namespace, not AT_*: in fstatat() flags 0x20000 matches no AT_* flag and the call fails with EINVAL; use AT_SYMLINK_NOFOLLOW [fails] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-5]]:32: note: flag passed here
}

// Nothing below may be reported: right values, or a template parameter
// whose way to the call is not followed.
int pick(int);
template <int F> int masked(const char *p) { return ::open(p, F & O_ACCMODE); }
template <int F> int computed(const char *p) { return ::open(p, pick(F)); }
template <int F> int through_local(const char *p) {
  int fl = F;
  fl = O_RDONLY;
  return ::open(p, fl);
}
template <int... Fs> int packed(const char *p) { return ::open(p, (Fs | ...)); }
template <int F> struct Opener {
  int go(const char *p) { return ::open(p, F); }
};
int quiet(const char *p, struct stat *st) {
  return op<O_RDONLY>(p) + op<O_WRONLY | O_CLOEXEC>(p) +
         open_cloexec<O_RDONLY>(p) + masked<AT_SYMLINK_NOFOLLOW>(p) +
         computed<AT_SYMLINK_NOFOLLOW>(p) +
         through_local<AT_SYMLINK_NOFOLLOW>(p) +
         packed<AT_SYMLINK_NOFOLLOW>(p) +
         Opener<AT_SYMLINK_NOFOLLOW>().go(p) +
         stat_at<AT_SYMLINK_NOFOLLOW>(AT_FDCWD, p, st) +
         via_wrapper<O_RDONLY>(p);
}
