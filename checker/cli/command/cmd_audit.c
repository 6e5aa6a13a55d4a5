/* cmd_audit.c: `flagspace audit`: runs the flagspace checks over the
 * translation units of a compilation database. */
#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "audit_pass.h"
#include "baseline.h"
#include "build.h"
#include "cache.h"
#include "cli.h"
#include "consequences.h"
#include "database.h"
#include "finish.h"
#include "interrupt.h"
#include "plan.h"
#include "prefilter.h"
#include "shared_headers.h"
#include "run.h"
#include "tidy_pair.h"

static const cli_option audit_options_table[] = {
	{ .short_name = 'p', .long_name = "build-dir", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(build_dir), .arg = "<build-dir>",
	  .help = "where compile_commands.json is, or that file (default: "
		  ".); with a build command, where it is written (default: a "
		  "temporary folder, removed)" },
	{ .short_name = 'j', .long_name = "jobs", .kind = CLI_OPT_UINT,
	  .offset = AUDIT_OPT(njobs), .arg = "<n>", .min = 1, .max = 256,
	  .help = "clang-tidy processes at once (default: the cores)" },
	AUDIT_OPTION_FORMAT,
	AUDIT_OPTION_COLOR,
	{ .long_name = "progress", .kind = CLI_OPT_CHOICE,
	  .offset = AUDIT_OPT(progress), .arg = "<when>",
	  .choices = audit_when_words,
	  .help = "a progress bar on stderr: auto (on a terminal), always "
		  "or never" },
	{ .long_name = "timeout", .kind = CLI_OPT_UINT,
	  .offset = AUDIT_OPT(timeout_s), .arg = "<seconds>",
	  .min = 1, .max = 86400, .unit = "seconds",
	  .help = "give up on a translation unit after this (default: "
		  "300)" },
	{ .long_name = "allow-plugins", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(allow_plugins),
	  .help = "keep -fplugin=, -Xclang -load ... in compile commands" },
	{ .long_name = "allow-outside-files", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(allow_outside_files),
	  .help = "read response files (@file) and -include/-imacros files "
		  "outside the audited tree (--root)" },
	{ .long_name = "prefilter", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(prefilter),
	  .help = "the default: skip units that provably contain no finding, "
		  "and an error if that cannot be done" },
	{ .long_name = "no-prefilter", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(no_prefilter),
	  .help = "analyse every unit, also those that provably contain no "
		  "finding" },
	{ .long_name = "no-cover-set", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(no_cover),
	  .help = "run every unit the prefilter keeps, also those whose "
		  "headers another unit analyses and whose own code names no "
		  "flag" },
	{ .long_name = "no-shared-headers", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(no_share),
	  .help = "parse every unit's headers in its own run, rather than "
		  "once in a precompiled header shared by many units" },
	{ .long_name = "baseline", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(baseline), .arg = "<file>",
	  .help = "report only findings not in this baseline" },
	{ .long_name = "write-baseline", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(write_baseline), .arg = "<file>",
	  .help = "write every finding to a baseline file" },
	{ .long_name = "fix", .kind = CLI_OPT_FLAG, .offset = AUDIT_OPT(fix),
	  .help = "apply the certain fix-its of the findings reported" },
	{ .long_name = "fix-errors", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(fix_errors),
	  .help = "with --fix, also fix what units with compile errors "
		  "reported" },
	AUDIT_OPTION_ALLOW_INCOMPLETE,
	AUDIT_OPTION_FAIL_ON,
	{ .long_name = "min-kernel", .kind = CLI_OPT_STRING,
	  .offset = AUDIT_OPT(min_kernel), .arg = "<version>",
	  .help = "the oldest Linux the program runs on (5.10, 6.1.30): "
		  "calls and flags newer than it are reported (default: not "
		  "known)" },
	{ .long_name = "shard", .kind = CLI_OPT_STRING,
	  .offset = AUDIT_OPT(shard), .arg = "(<k>/<n>|auto)",
	  .help = "analyse only part k of n of the units (see merge); auto: "
		  "k and n from the CI or batch engine" },
	{ .long_name = "cache", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(cache_dir), .arg = "<dir>",
	  .help = "reuse the results of units analysed before with the same "
		  "files, command, rules and tools (default: "
		  "$FLAGSPACE_CACHE)" },
	{ .long_name = "cache-size", .kind = CLI_OPT_SIZE,
	  .offset = AUDIT_OPT(cache_bytes), .arg = "<size>",
	  .help = "keep the cache under this many bytes (K, M, G; default: "
		  "1G), dropping the entries used longest ago" },
	{ .long_name = "no-cache", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(no_cache),
	  .help = "ignore $FLAGSPACE_CACHE" },
	{ .long_name = "root", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(root), .arg = "<dir>",
	  .help = "the audited tree: --fix writes only files under it "
		  "(default: the current directory)" },
	{ .long_name = "clang-tidy", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(clang_tidy), .arg = "<path>",
	  .help = "the clang-tidy to run (default: that of the newest plugin "
		  "installed; see --version)" },
	{ .long_name = "plugin", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(plugin), .arg = "<path>",
	  .help = "the flagspace-tidy module (default: $FLAGSPACE_PLUGIN, "
		  "then the installed one of clang-tidy's LLVM major)" },
	{ .long_name = "no-runner", .kind = CLI_OPT_FLAG,
	  .offset = AUDIT_OPT(no_runner),
	  .help = "run clang-tidy with the plugin, which parses every "
		  "function body, rather than flagspace-runner-N" },
	{ .long_name = "header-filter", .kind = CLI_OPT_STRING,
	  .offset = AUDIT_OPT(header_filter), .arg = "<regex>",
	  .help = "headers to report findings in (default: .*)" },
	{ .long_name = "keep-database", .kind = CLI_OPT_PATH,
	  .offset = AUDIT_OPT(keep_database), .arg = "<file>",
	  .flags = CLI_OPT_OWN_USAGE,
	  .help = "with a build command: also write its compilation "
		  "database to this file" },
	{ .kind = CLI_OPT_END },
};

static const char *const audit_usage[] = {
	"flagspace audit %o [<path>...]",
	"flagspace audit [<options>] [-p <build-dir> | "
	"--keep-database=<file>] [<path>...] -- <build command>...",
	NULL,
};

static const cli_spec audit_spec = { audit_usage, audit_options_table, 1 };

/* One worker per core by default, as run-clang-tidy does. */
static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 && n < 256 ? (unsigned)n : 1;
}

/* --cache, or $FLAGSPACE_CACHE unless --no-cache. */
static int check_cache_options(audit_options *o)
{
	const char *env = getenv("FLAGSPACE_CACHE");

	if (o->no_cache)
		o->cache_dir = NULL;
	else if (!o->cache_dir && env && *env)
		o->cache_dir = env;
	if (o->cache_dir && !*o->cache_dir)
		return cli_error("--cache: the folder is an empty path");
	return CLI_OK;
}

/* -p names the build folder, or its compile_commands.json as clang-tidy
 * takes it: the folder is kept in *dir (malloc'd). Anything else is left
 * to the database's loader, which names what is missing. */
static int check_build_dir(audit_options *o, char **dir)
{
	static const char name[] = "compile_commands.json";
	const char *slash, *base;
	struct stat st;

	/* none: a build's database goes to a temporary folder */
	if (!o->build_dir || stat(o->build_dir, &st) || !S_ISREG(st.st_mode))
		return CLI_OK;
	slash = strrchr(o->build_dir, '/');
	base = slash ? slash + 1 : o->build_dir;
	if (strcmp(base, name))
		return cli_error("-p '%s': expected the build folder or its %s",
				 o->build_dir, name);
	if (!slash)
		*dir = strdup(".");
	else
		*dir = strndup(o->build_dir, slash == o->build_dir ? 1 :
				(size_t)(slash - o->build_dir));
	if (!*dir)
		return cli_error("out of memory");
	o->build_dir = *dir;
	return CLI_OK;
}

/* clang-tidy reads --header-filter with llvm::Regex, POSIX extended
 * syntax: one it cannot read would drop every header's finding. */
static int check_header_filter(const char *filter)
{
	regex_t re;
	char why[128];
	int err = regcomp(&re, filter, REG_EXTENDED | REG_NOSUB);

	if (!err) {
		regfree(&re);
		return CLI_OK;
	}
	regerror(err, &re, why, sizeof(why));
	if (why[0] >= 'A' && why[0] <= 'Z')
		why[0] = (char)(why[0] - 'A' + 'a');	/* lower case */
	return cli_error("invalid --header-filter '%s': %s", filter, why);
}

/* The options that go with a build command, or without one. */
static int check_build_options(audit_options *o)
{
	if (!o->build) {
		o->build_dir = o->build_dir ? o->build_dir : ".";
		if (o->keep_database)
			return cli_error("--keep-database keeps the database "
					 "of a build: give the build command "
					 "after '--'");
		return CLI_OK;
	}
	if (!o->build[0])
		return cli_error("no build command after '--'");
	if (o->keep_database && o->build_dir)
		return cli_error("-p and --keep-database both say where the "
				 "build's database goes: give one");
	if (o->shard)
		return cli_error("--shard cannot run the build on every shard: "
				 "build once with --keep-database=<file>, then "
				 "audit its folder with -p on each shard");
	return CLI_OK;
}

/* `pair` holds the paths opt.clang_tidy and opt.plugin are chosen from;
 * *build_dir, the folder -p names when it names the database. */
static int check_options(audit_options *o, tidy_pair *pair, char **build_dir)
{
	uint32_t mk;
	int named;

	if (audit_check_fail_on(o) ||
	    check_build_options(o) ||
	    check_build_dir(o, build_dir) ||
	    check_header_filter(o->header_filter))
		return CLI_FAIL;
	o->fix |= o->fix_errors;	/* as clang-tidy's -fix-errors */
	if (o->shard &&
	    audit_shard_parse(o->shard, &o->shard_k, &o->shard_n))
		return CLI_FAIL;
	if (check_cache_options(o))
		return CLI_FAIL;
	if (o->min_kernel && fs_version_parse(o->min_kernel,
					      strlen(o->min_kernel), &mk))
		return cli_error("invalid --min-kernel '%s': expected a kernel "
				 "version such as 5.10 or 6.1.30",
				 o->min_kernel);
	if (!o->plugin && getenv("FLAGSPACE_PLUGIN") &&
	    *getenv("FLAGSPACE_PLUGIN"))
		o->plugin = getenv("FLAGSPACE_PLUGIN");
	named = o->clang_tidy || o->plugin;
	memset(pair, 0, sizeof(*pair));
	if (tidy_pair_choose(&o->clang_tidy, &o->plugin, pair))
		return CLI_FAIL;
	o->runner = tidy_runner_choose(o->clang_tidy, pair, named,
				       o->no_runner);
	if (access(o->plugin, R_OK))
		return cli_error("cannot read plugin '%s': %s", o->plugin,
				 cli_strerror(errno));
	return CLI_OK;
}

static int make_tmpdir(audit *a)
{
	const char *base = getenv("TMPDIR");
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/flagspace-audit-XXXXXX",
		 base && *base ? base : "/tmp");
	/* An interrupt removes the directory from the moment it exists. */
	interrupt_block();
	if (!mkdtemp(path)) {
		interrupt_unblock();
		return cli_error("cannot create a temporary directory '%s': %s",
				 path, cli_strerror(errno));
	}
	interrupt_set_tmpdir(path);
	interrupt_unblock();
	a->tmpdir = strdup(path);
	return a->tmpdir ? CLI_OK : cli_error("out of memory");
}

/* Removes dir, its files and its subdirectories' files (the jobs'
 * databases). */
static void remove_tmpdir(const char *dir)
{
	if (dir)
		interrupt_remove_tree(dir);
	interrupt_set_tmpdir(NULL);
}

/* An empty database, or none of it under the <path>s, is not a clean
 * run: a CI job whose database generation failed must not pass. Returns
 * CLI_INCOMPLETE, or CLI_OK with --allow-incomplete. */
static int no_units(const audit *a, size_t npaths)
{
	fprintf(stderr, "flagspace: no translation unit to analyse in "
		"'%s/compile_commands.json'%s%s\n", a->opt.build_dir,
		npaths ? " under the given paths" : "",
		a->opt.allow_incomplete ? " (accepted: --allow-incomplete)"
					: "");
	return a->opt.allow_incomplete ? CLI_OK : CLI_INCOMPLETE;
}

static int run(cli_ctx *ctx, audit *a, const char **paths, size_t npaths)
{
	int res;

	if (audit_set_root(a, a->opt.root))
		return CLI_FAIL;
	/* A bad baseline is found before the long part. */
	if (a->opt.baseline && !cli_is_readable("baseline", a->opt.baseline))
		return CLI_FAIL;
	if (a->opt.write_baseline &&
	    audit_baseline_check_path(a->opt.write_baseline))
		return CLI_FAIL;
	/* The tools are tried before a build that may take an hour. */
	if (a->opt.build &&
	    ((!a->opt.cache_dir && (res = audit_check_tidy(a))) ||
	     (res = make_tmpdir(a)) ||
	     (res = audit_build(a, a->opt.build, a->opt.keep_database,
				paths, npaths))))
		return res;
	/* The database's response files are expanded into the folder. */
	if ((!a->tmpdir && (res = make_tmpdir(a))) ||
	    (res = audit_db_load(a, paths, npaths)))
		return res;
	/* no clang.cfg beside a compiler the database names is read */
	a->tidy_no_default_config =
		tidy_has_no_default_config(a->opt.clang_tidy);
	a->clang_no_default_config = tidy_has_no_default_config(pf_compiler());
	if (!a->tus.count && !a->not_built && (res = no_units(a, npaths)))
		return res;
	if (audit_db_digest(a))
		return cli_error("out of memory");
	if (a->opt.shard)
		audit_shard(a, a->opt.shard_k, a->opt.shard_n);
	/* After the shard, so that each shard names only its own units. */
	if ((res = audit_drop_missing_dirs(a)))
		return res;
	/* The cache keys units on the files the prefilter's walk finds. */
	if ((!a->opt.no_prefilter || a->opt.cache_dir) &&
	    ((res = cli_load_rules(ctx)) ||
	     (res = audit_prefilter(a, ctx->rules))))
		return res;
	/* With --cache, clang-tidy is tried only when a unit must run
	 * (audit_pass): a stored result proves the pair loaded. */
	if ((!a->opt.cache_dir && !a->opt.build &&
	     (res = audit_check_tidy(a))) ||
	    (a->opt.cache_dir && (res = audit_cache_open(a))) ||
	    (!a->tmpdir && (res = make_tmpdir(a))) ||
	    (res = audit_share_headers(a)) || (res = audit_pass(a)))
		return res;
	return audit_finish(a);
}

/* The build command: the words after the first "--", cut from argv; NULL
 * when there is none. */
static const char *const *split_build(int *argc, const char **argv)
{
	for (int i = 1; i < *argc; i++)
		if (!strcmp(argv[i], "--")) {
			argv[i] = NULL;
			*argc = i;
			return argv + i + 1;
		}
	return NULL;
}

int cmd_audit(cli_ctx *ctx, int argc, const char **argv)
{
	tidy_pair pair;
	audit a;
	char *build_dir = NULL;
	int nargs, res;

	memset(&a, 0, sizeof(a));
	a.opt = (audit_options){ .root = ".",
				 .format = "text",
				 .timeout_s = 300,
				 .njobs = default_jobs(),
				 .cache_bytes = CACHE_DEFAULT_BYTES,
				 .header_filter = ".*",
				 .rules_files = &ctx->rules_files };
	a.opt.build = split_build(&argc, argv);
	if ((res = cli_parse(argc, argv, &audit_spec, &a.opt, ctx, &nargs)))
		return res < 0 ? CLI_OK : res;
	if (interrupt_install())
		return cli_error("cannot handle interrupts: %s",
				 cli_strerror(errno));
	if ((res = check_options(&a.opt, &pair, &build_dir)) == CLI_OK)
		res = run(ctx, &a, argv, (size_t)nargs);
	audit_cache_close(&a, res != CLI_FAIL);
	remove_tmpdir(a.tmpdir);
	audit_free(&a);
	free(build_dir);
	return res;
}
