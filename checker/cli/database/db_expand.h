/* db_expand.h: a compilation database whose commands name response
 * files, written again for libclang with them expanded by the audit
 * (response_files.h): libclang's reader expands every @file it meets,
 * outside the audited tree too, before the filter sees a word. */
#ifndef FS_DB_EXPAND_H
#define FS_DB_EXPAND_H

#include <stddef.h>

#include "audit.h"
#include "json_read.h"

/* When a command of the database `root` (read from the folder db_dir,
 * absolute) names a response file: writes the database again into
 * <a->tmpdir>/expanded (each "directory" absolute, each command's words as
 * "arguments", its response files expanded or dropped and noted) and
 * puts that folder in dir; else puts db_dir there. Returns CLI_OK, or
 * CLI_FAIL after an error. */
int audit_db_expand(audit *a, const json_value *root, const char *db_dir,
		    char *dir, size_t size);

#endif
