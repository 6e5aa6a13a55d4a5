/* database.h: the database stage: reading compile_commands.json into units, their
 * digest, the flags dropped from them, and each batch's database. */
#ifndef FS_DATABASE_H
#define FS_DATABASE_H

#include "audit.h"

struct json_value;
/* Checks that the compilation database at `path` is JSON of the form
 * clang reads (an array of objects with a string "directory" and "file",
 * and "command" or "arguments"), before libclang reads it: libclang
 * returns the entries before a syntax error. Returns CLI_OK with the
 * database in *root (json_free it), or CLI_FAIL after printing
 * "path:line:col: error: ..." (db_check.c). */
int audit_db_check(const char *path, struct json_value *root);
/* Sets a->db_digest: SHA-256 of the units as read (each unit's directory,
 * file and command; not their order), the same for every machine reading
 * the same database, before --shard keeps a part. Returns 0, or -1 when
 * out of memory (db_digest.c). */
int audit_db_digest(audit *a);
/* Reads <build_dir>/compile_commands.json through libclang, keeping the
 * units under one of `paths` (all when npaths is 0) and dropping the
 * flags the filter drops (command_filter.h), each noted in a->dropped.
 * Returns CLI_OK or CLI_FAIL. */
int audit_db_load(audit *a, const char **paths, size_t npaths);
/* Takes the units whose "directory" is not a directory out of a->tus,
 * each noted as not analysed with its entry's place in
 * compile_commands.json, and counted in a->not_run. Returns CLI_OK or
 * CLI_FAIL (db_dirs.c). */
int audit_drop_missing_dirs(audit *a);

/* Writes the cleaned commands of units first .. first+count-1 to
 * dir/compile_commands.json: each clang-tidy process gets a database of its
 * own batch only, for clang-tidy runs every command of a file it is given,
 * and one process running commands of several directories can find stale
 * relative includes. Returns CLI_OK or CLI_FAIL. */
int audit_db_write(const audit *a, const char *dir, size_t first,
		   size_t count);
/* The same for the units whose indices are units[0..count). */
int audit_db_write_units(const audit *a, const char *dir,
			 const size_t *units, size_t count);

/* Why a flag was dropped from its unit's command, in words. */
const char *audit_dropped_why(const audit_note *dropped);
/* Notes the words[0..n) dropped from the command of the unit `file`, and
 * why. Returns 0, or -1 out of memory (dropped_note.c). */
int audit_note_dropped(audit *a, const char *file, char *const *words,
		       size_t n, const char *why);

#endif
