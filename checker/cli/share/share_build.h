/* share_build.h: building one PCH of shared headers. */
#ifndef FS_SHARE_BUILD_H
#define FS_SHARE_BUILD_H

#include <stddef.h>

#include "audit.h"
#include "share.h"
#include "share_words.h"
#include "strset.h"

typedef struct share_build {
	const audit *a;
	const char *clang;		/* of the runner's major */
	const audit_tu *model;		/* a unit reading it: its command */
	const strset *common;		/* the -D/-U words every unit reading
					   it has, joined ("-DX=1") */
	char *const *headers;		/* absolute, in order */
	size_t nheaders;
	const char *source, *pch, *err;	/* files it writes */
	double timeout_s;
} share_build;

/* The build's command (its compiler b->clang) into *args: the model's
 * words but its file and the -D/-U not in b->common. The words point into
 * *w (free it after *args) and the model's. Returns 0, or -1 when out of
 * memory. */
int share_build_args(const share_build *b, share_words *w, share_strs *args);
/* Writes b->source and builds b->pch from it with args. Returns 0, or -1
 * with `why` (clang's errors are in b->err). */
int share_build_pch(const share_build *b, const share_strs *args, char *why,
		    size_t size);

#endif
