/* json.h: writing JSON strings (the audit's report and its temporary
 * compilation database). */
#ifndef FS_JSON_H
#define FS_JSON_H

#include <stdio.h>

/* Writes s as a JSON string literal, quotes included. */
void json_put_string(FILE *f, const char *s);

#endif
