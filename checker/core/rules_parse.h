/* rules_parse.h: reads the lines of a rules text into the rule tables. */
#ifndef FS_RULES_PARSE_H
#define FS_RULES_PARSE_H

#include "rules_parse_util.h"

/* Reads every line of text[0..len) into rd->rules, reporting errors through
 * rd. Lines with an error are skipped; the caller rolls the whole text
 * back when rd->errors or rd->nomem is set. A text that is not a rules
 * file at all (rules_sniff.h) is one error, and none of it is read. */
void fs_parse_text(fs_reader *rd, const char *text, size_t len);

/* The directives' readers (rules_directives.def), each in the file of its
 * directive, which fs_parse_text dispatches to from its table; they share
 * the helpers of rules_parse_util.h, below them all. */
#define FS_DIRECTIVE(word, reader) \
	int reader(fs_reader *rd, const fs_token *toks, size_t n);
#include "rules_directives.def"
#undef FS_DIRECTIVE
/* A value line of the open arch section (rd->arch). */
int fs_parse_arch_value(fs_reader *rd, const fs_token *toks, size_t n);

#endif
