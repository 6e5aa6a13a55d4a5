/* unknown_args.c: the arguments clang's driver does not know, dropped
 * from the units' commands (see unknown_args.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unknown_args.h"
#include "base/count_of.h"

/* clang's driver errors that name an argument it cannot take. */
static const char *const unknown_arg_errors[] = {
	"error: unknown argument: '",
	"error: unknown argument '",	/* "...; did you mean '-x'?" */
	"error: unsupported option '",	/* "... for target '...'" */
	/* gcc's warnings under -Werror (-Wduplicated-cond,
	 * -Wimplicit-fallthrough=5): dropping one changes no token */
	"error: unknown warning option '",
};
enum { NUNKNOWN = FS_COUNT_OF(unknown_arg_errors) };

/* The argument an unknown-argument error on `line` names, into buf. */
static int unknown_arg_of(const char *line, size_t len, char *buf,
			  size_t size)
{
	for (size_t k = 0; k < NUNKNOWN; k++) {
		const char *at = strstr(line, unknown_arg_errors[k]);
		const char *end;

		if (!at || at >= line + len)
			continue;
		at += strlen(unknown_arg_errors[k]);
		end = memchr(at, '\'', (size_t)(line + len - at));
		if (!end || end == at || (size_t)(end - at) >= size)
			return 0;
		snprintf(buf, size, "%.*s", (int)(end - at), at);
		return 1;
	}
	return 0;
}

static int note_unknown(audit *a, const audit_tu *tu, const char *arg)
{
	audit_note *note = AUDIT_PUSH(&a->dropped);

	if (!note)
		return -1;
	note->file = strdup(tu->file);
	note->text = strdup(arg);
	note->why = strdup("unknown to clang");
	return note->file && note->text && note->why ? 0 : -1;
}

/* Whether `word` passes the next word to clang -cc1. */
static int is_passer(const char *word)
{
	return !strcmp(word, "-Xclang") || !strcmp(word, "-Xpreprocessor");
}

/* Whether `word` is the argument clang names `named`: itself, or
 * -Wno-error=X, which clang names -Werror=X ("unknown warning option
 * '-Werror=clobbered'" for multipath-tools' -Wno-error=clobbered). */
static int is_named(const char *word, const char *named)
{
	static const char werror[] = "-Werror=", wnoerror[] = "-Wno-error=";

	if (!strcmp(word, named))
		return 1;
	return !strncmp(named, werror, strlen(werror)) &&
	       !strncmp(word, wnoerror, strlen(wnoerror)) &&
	       !strcmp(word + strlen(wnoerror), named + strlen(werror));
}

/* Removes `arg` (as clang names it) from every unit's command, with the
 * -Xclang before it, noting each word dropped; how many units had it. */
static long drop_everywhere(audit *a, const char *arg)
{
	long n = 0;

	for (size_t t = 0; t < a->tus.count; t++) {
		audit_tu *tu = &a->tus.items[t];
		size_t kept = 0;
		int had = 0;

		for (size_t i = 0; i < tu->args.count; i++) {
			/* The compiler's own name is never dropped. */
			if (i && is_named(tu->args.items[i], arg)) {
				if (note_unknown(a, tu, tu->args.items[i]))
					return -1;
				free(tu->args.items[i]);
				had = 1;
				/* nor is the -Xclang that passed it left to
				 * pass the next word on (command_filter.h) */
				if (kept > 1 &&
				    is_passer(tu->args.items[kept - 1]))
					free(tu->args.items[--kept]);
				continue;
			}
			tu->args.items[kept++] = tu->args.items[i];
		}
		tu->args.count = kept;
		n += had;
	}
	return n;
}

int audit_drop_unknown_args(audit *a, const char *out, strset *known)
{
	int dropped = 0;

	for (const char *line = out; line && *line;) {
		size_t len = strcspn(line, "\n");
		char arg[512];

		if (unknown_arg_of(line, len, arg, sizeof(arg))) {
			long n = strset_get(known, arg) != STRSET_NONE ? 1
				 : drop_everywhere(a, arg);

			if (n < 0 || (n && strset_put(known, arg, 1)))
				return -1;
			dropped += n > 0;
		}
		line += len + (line[len] == '\n');
	}
	return dropped;
}
