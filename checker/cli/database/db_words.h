/* db_words.h: a compile command's words, split as clang splits them: a
 * database's "command" string (clang's JSON reader) and a response
 * file's text (its GNU tokenizer). */
#ifndef FS_DB_WORDS_H
#define FS_DB_WORDS_H

#include <stddef.h>

#include "audit.h"

typedef AUDIT_VEC(char *) db_words;

/* Appends the words of a "command" string to out, as clang's
 * JSONCompilationDatabase splits it on POSIX: words end at a blank (only
 * ' '), '...' keeps everything, "..." and bare text take a backslash as
 * an escape of the next character. Returns 0, or -1 out of memory. */
int db_split_command(const char *command, db_words *out);

/* Appends the words of a response file's text (len bytes) to out, as
 * clang's GNU tokenizer (llvm::cl::TokenizeGNUCommandLine) splits it:
 * words end at a blank, tab or newline; a backslash escapes the next
 * character, in quotes too; '...' and "..." group. Returns 0, or -1. */
int db_split_response(const char *text, size_t len, db_words *out);

/* Frees the words and empties the list. */
void db_words_free(db_words *w);

#endif
