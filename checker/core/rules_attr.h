/* rules_attr.h: the attributes ending a directive, read by table. */
#ifndef FS_RULES_ATTR_H
#define FS_RULES_ATTR_H

#include "rules_lex.h"
#include "rules_syntax.h"

/* One attribute a directive allows: `key=value`, or a bare word when
 * is_flag is set (`certain`). */
typedef struct fs_attr_spec {
	const char *key;
	int is_flag;
} fs_attr_spec;

/* Reads toks[0..n) as attributes: found[i] is set to the token of
 * specs[i], or NULL when absent. `where` names the line in errors ("'call'",
 * "a member line"). Returns 0, or -1 after an error (an unknown, repeated
 * or empty attribute, a stray word). */
int fs_attrs_read(fs_reader *rd, const char *where, const fs_token *toks,
		  size_t n, const fs_attr_spec *specs, size_t nspecs,
		  const fs_token **found);

/* The value of an attribute token as a span. */
fs_span fs_attr_value(const fs_token *tok);

/* Returns the index of the token's value in choices[0..n), or -1 after an
 * error listing them. */
int fs_attr_choice(fs_reader *rd, const fs_token *tok,
		   const char *const *choices, size_t n);

/* note= (NULL when absent) into *note, in the arena; bits=misbehaves
 * (`bits` read from the token `bits_tok`) needs one, as its message is the
 * note. Returns 0, or -1 after an error. */
int fs_attr_note(fs_reader *rd, const fs_token *note_tok,
		 const fs_token *bits_tok, fs_bits bits, const char **note);

#endif
