// RUN: %check_flagspace %s flagspace-deprecated-flag,flagspace-missing-mode %t -- --header-filter=.* -- -I%S
// pch_compare_lit.py's probe: findings in a header that comes from a PCH
// (header-findings.h) and in the main file through its macros.
#define _GNU_SOURCE
#include <fcntl.h>
#include "header-findings.h"
#include <sys/stat.h>

int f(const char *p) { return open(p, MY_FLAGS); }
int g(const char *p) { return open(p, O_RDONLY | O_NDELAY | O_CREAT); }
int h(const char *p) { return hopen(p) + hopen2(p); }
