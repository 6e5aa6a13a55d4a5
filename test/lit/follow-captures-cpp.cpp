// RUN: %check_flagspace %s flagspace-wrong-namespace %t -- -- -std=c++17
// A lambda's captured variable holds, in its body, the value that reaches
// the lambda: by copy ([fl], [=]) the value where the lambda is written,
// by reference ([&fl], [&]) the same when nothing writes the variable from
// the lambda on; an init capture ([fl = X]) the body only reads holds X; a
// wrapper's parameter captured reaches the call in the body. Not followed:
// a variable written after a lambda that captures it by reference, or
// written in a lambda's body, or bound to an init capture by reference, or
// read in a lambda nested more than 4 deep.
#include <fcntl.h>

int by_copy(const char *p) {
  int fl = AT_REMOVEDIR;
  auto f = [fl](const char *q) { return ::open(q, fl); };
  return f(p);
  // CHECK-MESSAGES: :[[@LINE-3]]:12: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-3]]:51: note: flag passed here
}

int default_copy(const char *p) {
  int fl = O_RDONLY | AT_EMPTY_PATH;
  auto f = [=] { return ::open(p, fl); };
  fl = O_RDONLY;
  return f() + ::open(p, fl);
  // CHECK-MESSAGES: :[[@LINE-4]]:23: warning: AT_EMPTY_PATH is from the AT_* namespace, not O_*: in open() flags 0x1000 means O_DSYNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-4]]:35: note: flag passed here
}

int by_reference(const char *p) {
  int fl = O_RDONLY;
  fl |= AT_SYMLINK_NOFOLLOW;
  auto f = [&fl](const char *q) { return ::open(q, fl); };
  return f(p);
  // CHECK-MESSAGES: :[[@LINE-3]]:9: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-3]]:52: note: flag passed here
}

int default_reference(const char *p, int k) {
  int fl;
  if (k)
    fl = O_WRONLY;
  else
    fl = AT_REMOVEDIR;
  auto f = [&] { return ::open(p, fl); };
  return f();
  // CHECK-MESSAGES: :[[@LINE-3]]:10: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-3]]:35: note: flag passed here
}

int init_capture(const char *p) {
  auto f = [fl = O_RDONLY | AT_REMOVEDIR] { return ::open("x", fl); };
  return f();
  // CHECK-MESSAGES: :[[@LINE-2]]:29: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-3]]:64: note: flag passed here
}

static int captured_param(const char *p, int fl) {
  auto f = [fl](const char *q) { return ::open(q, fl); };
  return f(p);
}
int use_captured_param(const char *p) {
  return captured_param(p, AT_SYMLINK_NOFOLLOW);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace, not O_*: in open() flags 0x100 means O_NOCTTY; use O_NOFOLLOW [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-6]]:51: note: flag passed here
}

int nested(const char *p) {
  int fl = AT_REMOVEDIR;
  auto f = [&] {
    auto g = [fl] { return ::open("x", fl); };
    return g();
  };
  return f();
  // CHECK-MESSAGES: :[[@LINE-6]]:12: warning: AT_REMOVEDIR is from the AT_* namespace, not O_*: in open() flags 0x200 means O_TRUNC [misbehaves] [flagspace-wrong-namespace]
  // CHECK-MESSAGES: :[[@LINE-5]]:40: note: flag passed here
}

// Nothing below may be reported: the right value, or one not certain
// (lambdas nested more than 4 deep are not walked).
int written_after(const char *p) {
  int fl = AT_SYMLINK_NOFOLLOW;
  auto f = [&] { return ::open(p, fl); };
  fl = O_RDONLY;
  return f();
}
int written_in_body(const char *p) {
  int fl = AT_SYMLINK_NOFOLLOW;
  auto reset = [&] { fl = O_RDONLY; };
  reset();
  return ::open(p, fl);
}
int mutable_copy(const char *p) {
  int fl = AT_SYMLINK_NOFOLLOW;
  auto f = [fl]() mutable {
    fl = O_RDONLY;
    return ::open("x", fl);
  };
  return f();
}
int init_reference(const char *p) {
  int fl = AT_SYMLINK_NOFOLLOW;
  auto reset = [&r = fl] { r = O_RDONLY; };
  reset();
  return ::open(p, fl);
}
int mutable_init(const char *p) {
  auto f = [fl = AT_SYMLINK_NOFOLLOW]() mutable {
    fl = O_RDONLY;
    return ::open("x", fl);
  };
  return f();
}
int right_values(const char *p, int k) {
  int fl = O_RDONLY;
  auto f = [fl, k](const char *q) { return ::open(q, fl | (k ? O_CLOEXEC : 0)); };
  return f(p) + captured_param(p, O_WRONLY);
}
int written_in_loop(const char *p, int n) {
  int fl = O_RDONLY;
  for (int i = 0; i < n; i++) {
    auto f = [&] { return ::open(p, fl); };
    f();
    fl = AT_SYMLINK_NOFOLLOW;
  }
  return 0;
}
int too_deep(const char *p) {
  int fl = AT_REMOVEDIR;
  auto a = [&] {
    auto b = [&] {
      auto c = [&] {
        auto d = [&] {
          auto e = [&] { return ::open("x", fl); };
          return e();
        };
        return d();
      };
      return c();
    };
    return b();
  };
  return a();
}
