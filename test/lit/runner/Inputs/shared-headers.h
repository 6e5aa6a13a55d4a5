// Headers many units share: a constant that carries a flag, a static
// inline function whose return names one, and a finding in a header body.
#ifndef SHARED_HEADERS_H
#define SHARED_HEADERS_H
#define _GNU_SOURCE
#include <fcntl.h>

static const int create_flags = O_CREAT | O_WRONLY;
static inline int read_only(void) { return O_RDONLY; }
static inline int header_open(const char *p) { return open(p, O_CREAT); }
#endif
