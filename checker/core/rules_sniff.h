/* rules_sniff.h: whether a text is a rules file at all, decided before any
 * of its text may be quoted in a message. */
#ifndef FS_RULES_SNIFF_H
#define FS_RULES_SNIFF_H

#include <stddef.h>

#include "rules_reader.h"

/* Returns 1 when text[0..len) may be read as rules: it holds no NUL byte,
 * and its first line that is neither blank nor a comment starts with a
 * directive of the grammar (rules_directives.def). Otherwise reports one
 * error through rd, "'FILE' is not a flagspace rules file: ...", that
 * names the file and the line but quotes none of its text, and returns 0:
 * a file named as rules by someone else (a .clang-tidy of the audited
 * tree) may be any file its reader can read. A text without a directive
 * (empty, or only comments) is a rules file that adds nothing. */
int fs_sniff_rules(fs_reader *rd, const char *text, size_t len);

#endif
