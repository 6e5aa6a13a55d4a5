/* response_files.h: the files a compile command names for clang to read
 * its words from or include first: response files (@file), read by the
 * audit itself so that their words pass through the filter
 * (command_filter.h), where libclang's reader and clang's driver would
 * expand any, from anywhere, with nothing between; and -include and
 * -imacros. Those outside the audited tree (audit_in_tree) are dropped
 * unless --allow-outside-files: clang quotes a word of a file it cannot
 * read as flags or C in its error, and the error reaches the report. */
#ifndef FS_RESPONSE_FILES_H
#define FS_RESPONSE_FILES_H

#include "audit.h"
#include "db_words.h"

/* How deep response files may name response files; clang's driver
 * stops only at a cycle. */
enum { RSP_MAX_DEPTH = 16 };

/* Whether a word of a command (not its first) names a response file. */
int rsp_is_response_file(const char *word);

/* The reason a file `path` a command in directory `dir` names (relative
 * to dir) is not read: it exists outside the audited tree, and
 * --allow-outside-files is not given; else NULL. */
const char *rsp_outside_why(const audit *a, const char *dir,
			    const char *path);

/* Appends to out copies of words[0..n), each @file replaced by its words
 * (clang's GNU quoting; a relative path, also in a response file, is
 * relative to the command's directory `dir`, as clang's driver reads it),
 * its own @files too. A response file outside the audited tree
 * (audit_in_tree; unless --allow-outside-files), one that cannot be read,
 * or one nested deeper than RSP_MAX_DEPTH is dropped, and noted in
 * a->dropped for the unit `file`. words[0], the compiler, is copied as
 * it is. Returns 0, or -1 out of memory. */
int rsp_expand(audit *a, const char *dir, const char *file,
	       char *const *words, size_t n, db_words *out);

#endif
