/* json.h: writing JSON strings (the audit's report and its temporary
 * compilation database). */
#ifndef FS_JSON_H
#define FS_JSON_H

#include <stdio.h>

/* Writes s as a JSON string literal, quotes included: a report's. A byte
 * that is no part of UTF-8 (a file name's) is written \udcXX, as Python's
 * surrogateescape reads it (json_read.c reads it back): the report is
 * UTF-8 and names the file it found. */
void json_put_string(FILE *f, const char *s);
/* The same with such bytes as they are: the compilation databases written
 * for clang-tidy, which reads a name's bytes as the build wrote them. */
void json_put_bytes(FILE *f, const char *s);

#endif
