/* rules_verify.h: checks of the names a newly loaded unit refers to. */
#ifndef FS_RULES_VERIFY_H
#define FS_RULES_VERIFY_H

#include "rules_model.h"

/* Reports every name that the entries added since `cp` use where a known
 * one is expected and that no loaded rule defines: an unknown namespace or
 * subset member, and a `swappable` or `result` rule for a function without
 * the call rules it needs, are errors (the rule would check nothing or
 * accept a name that does not exist); an unknown macro is a warning. Run
 * once the unit is merged, since one file may refer to another. Returns 0,
 * or -1 when there was an error (the caller undoes the load). */
int fs_verify_since(const fs_rules *rules, const fs_checkpoint *cp,
		    fs_report_fn report, void *ctx);

#endif
