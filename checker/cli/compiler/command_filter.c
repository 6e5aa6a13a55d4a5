/* command_filter.c: the one filter of compile commands (command_filter.h
 * says who uses it). */
#include <string.h>

#include "command_filter.h"
#include "base/count_of.h"

/* Why each kind of flag is dropped; NULL: kept. */
static const char *const drop_why[] = {
	[CFLAG_LOADS_CODE] = "loads code; --allow-plugins keeps it",
	[CFLAG_GCC_ONLY] = "a gcc code generation flag clang rejects",
	[CFLAG_READS_CONFIG] = "reads a config file",
	[CFLAG_WRITES] = "writes a file",
};

const char *cflag_drop_why(const cflag *f, int allow_plugins)
{
	if (f->kind == CFLAG_LOADS_CODE && allow_plugins)
		return NULL;
	if ((size_t)f->kind >= FS_COUNT_OF(drop_why))
		return NULL;
	return drop_why[f->kind];
}

size_t cflag_run_words(char *const *args, size_t n, const char *program,
		       int no_default_config, const char **out)
{
	size_t count = 0;

	if (!n)
		return 0;
	out[count++] = program ? program : args[0];
	/* clang's own job reads no config: -cc1 must stay args[1] */
	if (no_default_config && !(n > 1 && !strcmp(args[1], "-cc1")))
		out[count++] = "--no-default-config";
	for (size_t i = 1; i < n;) {
		cflag f = cflag_at(args, n, i);

		if (!cflag_is_build_only(f.kind))
			for (size_t k = 0; k < f.words; k++)
				out[count++] = args[i + k];
		i += f.words;
	}
	return count;
}
