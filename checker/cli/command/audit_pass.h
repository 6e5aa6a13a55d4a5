/* audit_pass.h: the audit's pass down the stages, from the plan of the
 * runs to the findings collected (audit_pass.c). */
#ifndef FS_AUDIT_PASS_H
#define FS_AUDIT_PASS_H

#include "audit.h"

/* Plans the runs of a->tus (batches, the cache's results), runs them,
 * opt.njobs at a time, and collects what they found into a, with the
 * progress bar. Returns CLI_OK, or CLI_FAIL after a one-line error. */
int audit_pass(audit *a);

#endif
