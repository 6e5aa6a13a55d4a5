// With FLAGSPACE_DEBUG_FACTS=1 the module prints the facts each site gives
// the engine (checker/tidy/report/FactsDump.cpp): a call's arguments, and a
// struct's fields written by an initializer or an assignment, each value's
// terms, where they can be replaced, and its tree.
// RUN: env FLAGSPACE_DEBUG_FACTS=1 %clang_tidy --load=%flagspace_plugin \
// RUN:   -checks='-*,flagspace-unsupported-flag' %s -- 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="flagspace facts:"
// Without it, nothing.
// RUN: env FLAGSPACE_DEBUG_FACTS=0 %clang_tidy --load=%flagspace_plugin \
// RUN:   -checks='-*,flagspace-unsupported-flag' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty
// OFF-NOT: flagspace facts

#include <fcntl.h>
#include <sys/epoll.h>

int open_it(const char *path, int extra) {
  // An argument the rules do not read is not extracted: unknown, no tree.
  // CHECK: flagspace facts: flagspace-unsupported-flag: call open() with 2 args @ {{.*}}facts-dump.c:[[@LINE+9]]:10
  // CHECK-NEXT:   arg 0:
  // CHECK-NEXT:     (has unknown part)
  // CHECK-NEXT:   arg 1:
  // CHECK-NEXT:     O_RDONLY = 0x0 fixable 'O_RDONLY' at {{.*}}facts-dump.c:[[@LINE+5]]:21 @ {{.*}}facts-dump.c:[[@LINE+5]]:21
  // CHECK-NEXT:     O_CLOEXEC = 0x80000 fixable 'O_CLOEXEC' at {{.*}}:[[@LINE+4]]:32 @ {{.*}}:[[@LINE+4]]:32
  // CHECK-NEXT:     (has unknown part)
  // CHECK-NEXT:     tree: | | #0 #1 ?
  // CHECK-NOT: arg
  return open(path, O_RDONLY | O_CLOEXEC | extra);
}

struct epoll_event watched(void) {
  // CHECK: flagspace facts: flagspace-unsupported-flag: initializer of struct epoll_event @ {{.*}}facts-dump.c:[[@LINE+5]]:30
  // CHECK-NEXT:   field events:
  // CHECK-NEXT:     EPOLLIN = 0x1 fixable 'EPOLLIN' at {{.*}}:[[@LINE+3]]:41 @ {{.*}}:[[@LINE+3]]:41
  // CHECK-NEXT:     tree: #0
  // CHECK-NOT: field
  struct epoll_event Event = {.events = EPOLLIN};
  return Event;
}

void watch(int fd, struct epoll_event Event) {
  // CHECK: flagspace facts: flagspace-unsupported-flag: assignment of struct epoll_event @ {{.*}}facts-dump.c:[[@LINE+4]]:3
  // CHECK-NEXT:   field events (compound):
  // CHECK-NEXT:     EPOLLET = 0x80000000 fixable 'EPOLLET' at {{.*}}:[[@LINE+2]]:19 @ {{.*}}:[[@LINE+2]]:19
  // CHECK-NEXT:     tree: #0
  Event.events |= EPOLLET;
  // CHECK: flagspace facts: flagspace-unsupported-flag: call epoll_ctl() with 4 args @ {{.*}}facts-dump.c:[[@LINE+9]]:3
  // CHECK-NEXT:   arg 0:
  // CHECK-NEXT:     (has unknown part)
  // CHECK-NEXT:   arg 1:
  // CHECK-NEXT:     EPOLL_CTL_ADD = 0x1 fixable 'EPOLL_CTL_ADD' at {{.*}}:[[@LINE+5]]:17 @ {{.*}}:[[@LINE+5]]:17
  // CHECK-NEXT:     tree: #0
  // CHECK-NEXT:   arg 2:
  // CHECK-NEXT:     (has unknown part)
  // CHECK-NEXT:   arg 3:
  epoll_ctl(fd, EPOLL_CTL_ADD, fd, &Event);
}
