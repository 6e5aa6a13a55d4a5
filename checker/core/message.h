/* message.h: the phrases findings are built from: values, namespaces,
 * lists. */
#ifndef FS_MESSAGE_H
#define FS_MESSAGE_H

#include "rules_model.h"
#include "strbuf.h"

/* 0x%llx for a value >= 0, decimal for a negative one (-100). */
void fs_put_value(fs_buf *b, int64_t value);
/* A namespace as the user sees it: its prefix and "*" ("AT_*", "S_I*"). */
void fs_put_prefix(fs_buf *b, const fs_rules *rules, size_t ns);
/* What a rule does with bits it does not accept: "the call fails with
 * EINVAL", "it is ignored" (records use the same words). */
void fs_put_effect(fs_buf *b, fs_bits bits);
/* The same, continuing a decoded value: " and the call fails with EINVAL",
 * " and is ignored". */
void fs_put_effect_suffix(fs_buf *b, fs_bits bits);
/* The same as the verb of bits standing somewhere: "makes the call fail
 * with EINVAL", "is ignored". */
void fs_put_effect_verb(fs_buf *b, fs_bits bits);
/* "A", "A or B", "A, B or C". */
void fs_put_or_list(fs_buf *b, const fs_words *words);

/* The value a term stands for: its own when the compiler gave one, else
 * the rules' x86-64 value of its macro. Returns 0 when neither is known. */
int fs_term_value(const fs_rules *rules, const fs_term *term, int64_t *value);

#endif
