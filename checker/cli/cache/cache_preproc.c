/* cache_preproc.c: the key of a unit whose files the prefilter's walk
 * could not all see (a computed #include, -nostdinc as the kernel builds
 * with, flags the walk does not follow): its preprocessed text, as
 * ctcache keys a clang-tidy run, but with every macro definition kept
 * (-E -dD): the checks classify a flag by the macro name written, so
 * `#define MODE AT_SYMLINK_NOFOLLOW` and `#define MODE O_NOCTTY`, which
 * preprocess to the same 0x100, must not share a key. Line markers keep
 * the files' names and lines, where findings are reported. */
#include <stdlib.h>

#include "base/spawn.h"
#include "cache.h"
#include "command_filter.h"
#include "prefilter.h"

/* The unit's command through the filter (command_filter.h), argv[0] the
 * compiler the prefilter runs, preprocessing only, to stdout. */
static const char **preprocess_argv(const audit_tu *tu,
				    int no_default_config)
{
	const char **argv = calloc(tu->args.count + 8, sizeof(char *));
	size_t n;

	if (!argv)
		return NULL;
	n = cflag_run_words(tu->args.items, tu->args.count, pf_compiler(),
			    no_default_config, argv);
	argv[n++] = "-E";
	argv[n++] = "-dD";
	argv[n++] = "-Qunused-arguments";
	argv[n++] = "-o";
	argv[n++] = "-";
	argv[n] = NULL;
	return argv;
}

static void hash_output(void *ctx, const char *data, size_t len)
{
	sha256_add(ctx, data, len);
}

int cache_preprocessed_digest(const audit_tu *tu, int no_default_config,
			      unsigned timeout_s,
			      unsigned char out[SHA256_BYTES])
{
	const char **argv = preprocess_argv(tu, no_default_config);
	sha256 s;
	fs_spawn how = { argv, tu->dir,
			 { FS_SPAWN_PIPE, NULL, hash_output, &s },
			 { FS_SPAWN_NULL, NULL, NULL, NULL }, timeout_s };
	fs_spawn_result r;
	int res;

	if (!argv)
		return -1;
	sha256_init(&s);
	sha256_add_str(&s, "preprocessed 1");
	res = fs_spawn_run(&how, &r) || !fs_spawn_succeeded(&r) ? -1 : 0;
	fs_spawn_result_free(&r);
	free(argv);
	sha256_end(&s, out);
	return res;
}
