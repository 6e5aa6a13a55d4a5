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
#include "build.h"
#include "cache.h"
#include "cli.h"
#include "consequences.h"
#include "fix.h"
#include "interrupt.h"
#include "prefilter.h"
#include "tidy_pair.h"

static const char *const audit_usage[] = {
	"flagspace audit [-p <build-dir>] [-j <n>] "
	"[--format=(text | json | sarif | codequality | html)] "
	"[--timeout=<seconds>] [--allow-plugins] [--allow-outside-files] "
	"[--no-prefilter] [--no-runner] "
	"[--no-cover-set] "
	"[--baseline=<file>] "
	"[--write-baseline=<file>] [--fix] [--fix-errors] [--allow-incomplete] "
	"[--fail-on=<consequence>[,<consequence>...]] "
	"[--shard=(<k>/<n> | auto)] [--cache=<dir>] [--cache-size=<size>] "
	"[--no-cache] [--root=<dir>] "
	"[--color=<when>] [--progress=<when>] [<path>...]",
	"flagspace audit [<options>] [-p <dir> | --keep-database=<file>] "
	"[<path>...] -- <build command>...",
	NULL,
};

/* One worker per core by default, as run-clang-tidy does. */
static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 && n < 256 ? (unsigned)n : 1;
}

/* A whole number in [min, max]; returns -1 for anything else. */
static long parse_count(const char *text, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < min || v > max)
		return -1;
	return v;
}

/* --cache (or $FLAGSPACE_CACHE unless --no-cache) and --cache-size. */
static int check_cache_options(audit_options *o)
{
	const char *env = getenv("FLAGSPACE_CACHE");

	if (o->no_cache)
		o->cache_dir = NULL;
	else if (!o->cache_dir && env && *env)
		o->cache_dir = env;
	if (o->cache_dir && !*o->cache_dir)
		return cli_error("--cache: the folder is an empty path");
	o->cache_bytes = CACHE_DEFAULT_BYTES;
	if (o->cache_size && cache_size_parse(o->cache_size, &o->cache_bytes))
		return cli_error("invalid --cache-size '%s': expected bytes, "
				 "or a number with K, M or G", o->cache_size);
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
	long v;
	int named;

	if (audit_check_report_options(o, 1) || audit_check_fail_on(o) ||
	    check_build_options(o) ||
	    check_build_dir(o, build_dir) ||
	    check_header_filter(o->header_filter))
		return CLI_FAIL;
	o->fix |= o->fix_errors;	/* as clang-tidy's -fix-errors */
	if (!o->jobs)
		o->njobs = default_jobs();
	else if ((v = parse_count(o->jobs, 1, 256)) < 0)
		return cli_error("invalid -j value '%s': expected a number "
				 "from 1 to 256", o->jobs);
	else
		o->njobs = (unsigned)v;
	if ((v = parse_count(o->timeout, 1, 86400)) < 0)
		return cli_error("invalid --timeout '%s': expected seconds "
				 "from 1 to 86400", o->timeout);
	o->timeout_s = (unsigned)v;
	if (o->shard &&
	    audit_shard_parse(o->shard, &o->shard_k, &o->shard_n))
		return CLI_FAIL;
	if (check_cache_options(o))
		return CLI_FAIL;
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
	 * (audit_run): a stored result proves the pair loaded. */
	if ((!a->opt.cache_dir && !a->opt.build &&
	     (res = audit_check_tidy(a))) ||
	    (a->opt.cache_dir && (res = audit_cache_open(a))) ||
	    (!a->tmpdir && (res = make_tmpdir(a))) || (res = audit_run(a)))
		return res;
	audit_sort_findings(a);
	if (a->opt.write_baseline &&
	    (res = audit_baseline_write(a, a->opt.write_baseline)))
		return res;
	if (a->opt.baseline && (res = audit_baseline_apply(a, a->opt.baseline)))
		return res;
	audit_sort_notes(&a->failures);
	audit_sort_notes(&a->dropped);
	audit_sort_notes(&a->compile_errors);
	audit_report(a);
	if (cli_check_stdout())
		return CLI_FAIL;
	/* After the report, which shows each finding's line as analysed. */
	if (a->opt.fix && audit_fix_apply(a))
		return CLI_FAIL;
	return audit_exit_status(a);
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
				 .timeout = "300",
				 .header_filter = ".*",
				 .rules_files = &ctx->rules_files };
	const cli_option opts[] = {
		{ 'p', "build-dir", CLI_OPT_STRING, &a.opt.build_dir,
		  "<dir>", "where compile_commands.json is, or that file "
		  "(default: .); with a build command, where it is written "
		  "(default: a temporary folder, removed)" },
		{ 0, "keep-database", CLI_OPT_STRING, &a.opt.keep_database,
		  "<file>", "with a build command: also write its compilation "
		  "database to this file" },
		{ 'j', "jobs", CLI_OPT_STRING, &a.opt.jobs, "<n>",
		  "clang-tidy processes at once (default: the cores)" },
		{ 0, "format", CLI_OPT_STRING, &a.opt.format,
		  "(text|json|sarif|codequality|html)", "the report's form (default: text)" },
		{ 0, "color", CLI_OPT_STRING, &a.opt.color, "<when>",
		  "colour the text report: auto (on a terminal, without "
		  "$NO_COLOR), always or never" },
		{ 0, "progress", CLI_OPT_STRING, &a.opt.progress, "<when>",
		  "a progress bar on stderr: auto (on a terminal), always "
		  "or never" },
		{ 0, "timeout", CLI_OPT_STRING, &a.opt.timeout, "<seconds>",
		  "give up on a translation unit after this (default: 300)" },
		{ 0, "allow-plugins", CLI_OPT_FLAG, &a.opt.allow_plugins,
		  NULL, "keep -fplugin=, -Xclang -load ... in compile commands" },
		{ 0, "allow-outside-files", CLI_OPT_FLAG,
		  &a.opt.allow_outside_files, NULL,
		  "read response files (@file) and -include/-imacros files "
		  "outside the audited tree (--root)" },
		{ 0, "no-prefilter", CLI_OPT_FLAG, &a.opt.no_prefilter, NULL,
		  "analyse every unit, also those that provably contain no "
		  "finding" },
		{ 0, "no-cover-set", CLI_OPT_FLAG, &a.opt.no_cover, NULL,
		  "run every unit the prefilter keeps, also those whose "
		  "headers another unit analyses and whose own code names "
		  "no flag" },
		{ 0, "prefilter", CLI_OPT_FLAG, &a.opt.prefilter, NULL,
		  "the default: skip units that provably contain no finding, "
		  "and an error if that cannot be done" },
		{ 0, "baseline", CLI_OPT_STRING, &a.opt.baseline, "<file>",
		  "report only findings not in this baseline" },
		{ 0, "write-baseline", CLI_OPT_STRING, &a.opt.write_baseline,
		  "<file>", "write every finding to a baseline file" },
		{ 0, "shard", CLI_OPT_STRING, &a.opt.shard, "<k>/<n>",
		  "analyse only part k of n of the units (see merge); auto: "
		  "k and n from the CI or batch engine" },
		{ 0, "cache", CLI_OPT_STRING, &a.opt.cache_dir, "<dir>",
		  "reuse the results of units analysed before with the same "
		  "files, command, rules and tools (default: "
		  "$FLAGSPACE_CACHE)" },
		{ 0, "cache-size", CLI_OPT_STRING, &a.opt.cache_size,
		  "<size>", "keep the cache under this many bytes (K, M, G; "
		  "default: 1G), dropping the entries used longest ago" },
		{ 0, "no-cache", CLI_OPT_FLAG, &a.opt.no_cache, NULL,
		  "ignore $FLAGSPACE_CACHE" },
		{ 0, "root", CLI_OPT_STRING, &a.opt.root, "<dir>",
		  "the audited tree: --fix writes only files under it "
		  "(default: the current directory)" },
		{ 0, "fix", CLI_OPT_FLAG, &a.opt.fix, NULL,
		  "apply the certain fix-its of the findings reported" },
		{ 0, "fix-errors", CLI_OPT_FLAG, &a.opt.fix_errors, NULL,
		  "with --fix, also fix what units with compile errors "
		  "reported" },
		{ 0, "allow-incomplete", CLI_OPT_FLAG, &a.opt.allow_incomplete,
		  NULL, "exit 0 or 1 even when units were not analysed or had "
		  "compile errors (else 3)" },
		{ 0, "fail-on", CLI_OPT_STRING, &a.opt.fail_on, "<list>",
		  "exit 1 only for findings of these consequences: fails, "
		  "misbehaves, ignored, same-value, deprecated, all, none "
		  "(default: all)" },
		{ 0, "clang-tidy", CLI_OPT_STRING, &a.opt.clang_tidy,
		  "<path>", "the clang-tidy to run (default: that of the "
		  "newest plugin installed; see --version)" },
		{ 0, "plugin", CLI_OPT_STRING, &a.opt.plugin, "<path>",
		  "the flagspace-tidy module (default: $FLAGSPACE_PLUGIN, "
		  "then the installed one of clang-tidy's LLVM major)" },
		{ 0, "no-runner", CLI_OPT_FLAG, &a.opt.no_runner, NULL,
		  "run clang-tidy with the plugin, which parses every "
		  "function body, rather than flagspace-runner-N" },
		{ 0, "header-filter", CLI_OPT_STRING, &a.opt.header_filter,
		  "<regex>", "headers to report findings in (default: .*)" },
		{ 0, NULL, CLI_OPT_END, NULL, NULL, NULL },
	};

	a.opt.build = split_build(&argc, argv);
	if ((res = cli_parse(argc, argv, opts, audit_usage, ctx, &nargs)))
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
