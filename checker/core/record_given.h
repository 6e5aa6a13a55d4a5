/* record_given.h: the call a struct is given to (fs_record.given_to). */
#ifndef FS_RECORD_GIVEN_H
#define FS_RECORD_GIVEN_H

#include "flagspace.h"
#include "rules_model.h"

/* The string literal of argument p of the call the record is given to,
 * when that is a call of the function its layout rule's passed= names,
 * given the record where that says; NULL otherwise (file= of a record's
 * combination rule). */
const char *fs_record_given_string(const fs_rules *rules,
				   const fs_record *record, const fs_param *p);

#endif
