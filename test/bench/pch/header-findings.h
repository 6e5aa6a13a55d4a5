// Findings inside a header that a PCH of header-findings.c's prefix holds.
#ifndef HEADER_FINDINGS_H
#define HEADER_FINDINGS_H
#include <fcntl.h>
#define MY_FLAGS (O_WRONLY | O_NDELAY)
// An AST finding in a header body: still reported with the PCH.
static inline int hopen(const char *p) { return open(p, O_WRONLY | O_CREAT); }
// A spelling seen only as a macro expansion: lost with the PCH.
static inline int hopen2(const char *p) { return open(p, O_RDONLY | O_FSYNC); }
#endif
