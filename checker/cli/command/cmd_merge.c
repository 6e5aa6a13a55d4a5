/* cmd_merge.c: `flagspace merge`: joins the JSON reports of audits of
 * parts of one compilation database (`audit --shard K/N`) into the report
 * one audit of the whole would have given. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"
#include "cli.h"
#include "consequences.h"
#include "finish.h"
#include "report.h"

static const cli_option merge_options[] = {
	AUDIT_OPTION_FORMAT,
	AUDIT_OPTION_COLOR,
	AUDIT_OPTION_ALLOW_INCOMPLETE,
	AUDIT_OPTION_FAIL_ON,
	{ .kind = CLI_OPT_END },
};

static const char *const merge_usage[] = {
	"flagspace merge %o <report.json>...",
	NULL,
};

static const cli_spec merge_spec = { merge_usage, merge_options, 0 };

static int shard_error(const char *fmt, const char *x, const char *y,
		       const audit_shard_seen *s)
{
	char what[512];

	snprintf(what, sizeof(what), fmt, x, s->k, s->n, y);
	return cli_error("cannot merge: %s", what);
}

/* Shards' reports must be all of one N, each K once; reports of whole
 * audits may be merged as they are, but not with shards. */
static int check_shards(const char **paths, const audit_shard_seen *s,
			size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < i; k++) {
			if (!s[i].n != !s[k].n)
				return shard_error("'%s' is shard %u/%u and "
						   "'%s' is not a shard's report",
						   paths[s[i].n ? i : k],
						   paths[s[i].n ? k : i],
						   &s[s[i].n ? i : k]);
			if (s[i].n != s[k].n)
				return shard_error("'%s' is shard %u/%u but "
						   "'%s' is of another count",
						   paths[i], paths[k], &s[i]);
			if (s[i].n && s[i].k == s[k].k)
				return shard_error("'%s' is shard %u/%u, as "
						   "'%s' is", paths[i],
						   paths[k], &s[i]);
		}
	for (unsigned k = 1; n && s[0].n && k <= s[0].n; k++) {
		size_t i = 0;

		while (i < n && s[i].k != k)
			i++;
		if (i == n)
			return cli_error("cannot merge: shard %u/%u is missing",
					 k, s[0].n);
	}
	return CLI_OK;
}

static int is_same_file(const char *x, const char *y)
{
	struct stat sx, sy;

	return !stat(x, &sx) && !stat(y, &sy) && sx.st_dev == sy.st_dev &&
	       sx.st_ino == sy.st_ino;
}

/* Shards must be of one database (their database_digest), and no
 * database's units may count twice: two whole reports of one digest, or
 * one file given twice, are refused. Sets a->db_digest when every report
 * has the same one. */
static int check_digests(audit *a, const char **paths,
			 const audit_shard_seen *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i].n && !s[i].digest[0])
			return cli_error("cannot merge: '%s' is shard %u/%u of "
					 "an unknown database (it has no "
					 "database_digest: written by an older "
					 "flagspace)", paths[i], s[i].k,
					 s[i].n);
		for (size_t k = 0; k < i; k++) {
			int same = s[i].digest[0] &&
				   !strcmp(s[i].digest, s[k].digest);

			if (s[i].n && !same)
				return cli_error("cannot merge: '%s' and '%s' "
						 "are shards of different "
						 "compilation databases (their "
						 "database_digest differs)",
						 paths[k], paths[i]);
			if (!s[i].n && (same || is_same_file(paths[i],
							     paths[k])))
				return cli_error("cannot merge: '%s' and '%s' "
						 "are reports of the same %s: "
						 "its units would count twice",
						 paths[k], paths[i], same ?
						 "database" : "file");
		}
	}
	for (size_t i = 1; i < n; i++)
		if (strcmp(s[i].digest, s[0].digest))
			return CLI_OK;
	if (n)
		memcpy(a->db_digest, s[0].digest, sizeof(a->db_digest));
	return CLI_OK;
}

static int merge(audit *a, const char **paths, size_t n)
{
	audit_shard_seen *shards = calloc(n, sizeof(*shards));
	int res = shards ? CLI_OK : cli_error("out of memory");

	for (size_t i = 0; !res && i < n; i++)
		res = audit_load_json(a, paths[i], &shards[i]);
	if (!res)
		res = check_shards(paths, shards, n);
	if (!res)
		res = check_digests(a, paths, shards, n);
	free(shards);
	return res ? res : audit_finish(a);
}

int cmd_merge(cli_ctx *ctx, int argc, const char **argv)
{
	audit a;
	int nargs, res;

	(void)ctx;
	memset(&a, 0, sizeof(a));
	a.opt.format = "text";
	if ((res = cli_parse(argc, argv, &merge_spec, &a.opt, NULL, &nargs)))
		return res < 0 ? CLI_OK : res;
	if (audit_check_fail_on(&a.opt))
		return CLI_FAIL;
	if (!nargs)
		return cli_error("merge needs the JSON reports to merge; see "
				 "'flagspace merge --help'");
	res = merge(&a, argv, (size_t)nargs);
	audit_free(&a);
	return res;
}
