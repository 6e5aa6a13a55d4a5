// Code that does not compile: what parses is still checked, and nothing
// crashes.
// RUN: not %clang_tidy --load=%flagspace_plugin -checks='-*,flagspace-*' %s -- -std=gnu11 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <fcntl.h>

int broken(const char *p) {
  int fd = open(p, O_RDONLY | AT_SYMLINK_NOFOLLOW);
  // CHECK: broken-code.c:[[@LINE-1]]:31: warning: AT_SYMLINK_NOFOLLOW is from the AT_* namespace
  return fd + undeclared_thing;
  // CHECK: broken-code.c:[[@LINE-1]]:15: error: use of undeclared identifier 'undeclared_thing'
}

int after(const char *p) {
  return openat(AT_FDCWD, p, O_WRONLY | AT_REMOVEDIR;
  // CHECK: broken-code.c:[[@LINE-1]]:{{[0-9]+}}: error: expected ')'
}
