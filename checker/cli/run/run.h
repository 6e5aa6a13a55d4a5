/* run.h: the run stage: clang-tidy (or the runner) over the units. */
#ifndef FS_RUN_H
#define FS_RUN_H

#include "audit.h"

/* Whether clang-tidy loads the plugin and lists flagspace checks (or the
 * runner lists them): a plugin of another major fails here, once, rather
 * than on every unit. Returns CLI_OK or CLI_FAIL after a one-line error. */
int audit_check_tidy(const audit *a);

/* The program each unit runs in: the runner, else clang-tidy. */
static inline const char *audit_tool(const audit *a)
{
	return a->opt.runner ? a->opt.runner : a->opt.clang_tidy;
}
/* Runs clang-tidy over every unit, in batches of units sharing a
 * directory, opt.njobs at a time; a failing batch is rerun one unit at a
 * time so that a crash or a hang names its unit. */
int audit_run(audit *a);

#endif
