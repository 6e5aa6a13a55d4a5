/* query_combo.h: the combinations a flag takes part in, for flagspace
 * explain. */
#ifndef FS_QUERY_COMBO_H
#define FS_QUERY_COMBO_H

#include "rules_model.h"
#include "strbuf.h"

/* Appends one "combination: ..." line for each excludes, requires or
 * ignored-unless rule that names `name` as a FIRST or an OTHER (a flag
 * covered only by `*` is not listed). */
void fs_put_combos(fs_buf *b, const fs_rules *rules, const char *name);

#endif
