/* shared_headers.h: the headers many units include, parsed once. Between
 * the plan and the run: units of one command (but the file and its -D/-U)
 * that include a set of headers in common read them from a precompiled
 * header (PCH) built once, where each unit's run would parse them again
 * (checker/docs/runner.md, "Shared headers").
 *
 * clang-scan-deps lists the files each unit reads; the plan
 * (share_plan.h) chooses the PCHs, each the headers all the units that
 * include one header include too, and which units may read one without
 * preprocessing anything otherwise; clang of the runner's major builds
 * them. Per PCH, one unit runs first reading its headers itself, as
 * before, and writes the names they make carry; the others then read the
 * PCH, and their runs analyse only what they parse themselves: the
 * headers' code was analysed by the first. Only with the runner, for C
 * units, without --cache. */
#ifndef FS_SHARED_HEADERS_H
#define FS_SHARED_HEADERS_H

#include <limits.h>

#include "audit.h"
#include "batch_plan.h"

/* Fewer units of one command than this share nothing: a PCH's build and
 * the first unit's run cost about two units' parse. */
enum { SHARE_MIN_GROUP = 8, SHARE_MIN_UNITS = 4, SHARE_MAX_PCHS = 8 };

typedef struct share_tools {
	char clang[PATH_MAX], scan_deps[PATH_MAX];
} share_tools;

/* The clang and clang-scan-deps beside clang_tidy, of its major. Returns
 * 0, or -1 when either is missing. */
int share_tools_find(const char *clang_tidy, share_tools *t);

/* Chooses the units that read a PCH, builds the PCHs and marks each
 * unit's role (audit_tu.pch, pch_role; a->shared). Says on stderr, once,
 * why nothing is shared when it cannot be (a tool missing, a scan that
 * failed). Returns CLI_OK, or CLI_FAIL after an error (out of memory). */
int audit_share_headers(audit *a);

/* Moves the units that write names (PCH_NAMES) out of the batches of
 * *all into *names, one a batch: they run first. Returns 0, or -1 when
 * out of memory. */
int share_split_batches(const audit *a, batch_queue *all, batch_queue *names);
/* After those ran: units whose PCH's names were not written read their
 * headers themselves. */
void share_check_names(audit *a);

#endif
