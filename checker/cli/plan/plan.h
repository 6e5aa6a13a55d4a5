/* plan.h: the plan stage's shared part: --shard, and which units read the
 * same (audit_config.h, the database's). */
#ifndef FS_PLAN_H
#define FS_PLAN_H

#include "audit.h"
#include "audit_config.h"

/* Parses a --shard spec "K/N" (1 <= K <= N), or "auto" (shard_auto.h);
 * CLI_OK or CLI_FAIL after a one-line error. */
int audit_shard_parse(const char *spec, unsigned *k, unsigned *n);
/* Keeps the units of shard K of N (and the notes on them). */
void audit_shard(audit *a, unsigned k, unsigned n);

#endif
