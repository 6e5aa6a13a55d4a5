/* rules_verify.h: warnings about names a newly loaded unit refers to. */
#ifndef FS_RULES_VERIFY_H
#define FS_RULES_VERIFY_H

#include "rules_model.h"

/* Warns about every name that the entries added since `cp` use where a
 * known one is expected (a namespace, a subset member, a macro) and that
 * no loaded rule defines. Run once the unit is merged, since one file may
 * refer to another. */
void fs_verify_since(const fs_rules *rules, const fs_checkpoint *cp,
		     fs_report_fn report, void *ctx);

#endif
