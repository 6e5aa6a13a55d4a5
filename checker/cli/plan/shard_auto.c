/* shard_auto.c: `audit --shard=auto`: the shard's index and count read
 * from the variables the CI or batch engine running the audit sets, each
 * engine's index mapped to flagspace's K, which counts from 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shard_auto.h"
#include "base/count_of.h"

/* Larger indices than any engine allows (Slurm's MaxArraySize is at most
 * 4000001); counts as --shard K/N allows. */
enum { ENV_MAX = 4000000, COUNT_MAX = 100000 };

/* An engine that numbers its parallel jobs `index_var` from `base` to
 * base + count - 1, the count in `count_var` (NULL: given as auto/N). */
typedef struct shard_engine {
	const char *name;
	const char *index_var;
	const char *count_var;
	unsigned base;
	int (*map)(const struct shard_engine *e, unsigned given,
		   unsigned *k, unsigned *n);
} shard_engine;

static int map_plain(const shard_engine *e, unsigned given, unsigned *k,
		     unsigned *n);
static int map_slurm(const shard_engine *e, unsigned given, unsigned *k,
		     unsigned *n);

static const shard_engine engines[] = {
	{ "GitLab CI", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1, map_plain },
	{ "a Kubernetes Indexed Job", "JOB_COMPLETION_INDEX", NULL, 0,
	  map_plain },
	{ "a Slurm job array", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT",
	  0, map_slurm },
	{ "Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT",
	  0, map_plain },
	{ "CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0, map_plain },
};
enum { NENGINES = FS_COUNT_OF(engines) };

static int is_set(const char *var)
{
	const char *v = getenv(var);

	return v && *v;
}

/* $var as a whole number from 0 to ENV_MAX, into *out; CLI_FAIL after a
 * one-line error when it is missing or anything else. */
static int env_number(const shard_engine *e, const char *var,
		      unsigned long *out)
{
	const char *v = getenv(var), *p = v;
	unsigned long n = 0;

	if (!v || !*v)
		return cli_error("--shard=auto: %s sets %s but not %s",
				 e->name, e->index_var, var);
	while (*p >= '0' && *p <= '9' && n <= ENV_MAX)
		n = n * 10 + (unsigned long)(*p++ - '0');
	if (*p || n > ENV_MAX)
		return cli_error("--shard=auto: %s='%s' is not a whole number",
				 var, v);
	*out = n;
	return CLI_OK;
}

/* The count: the engine's, which must agree with auto/N when both are
 * there, or auto/N's alone. */
static int engine_count(const shard_engine *e, unsigned long have,
			unsigned given, unsigned *n)
{
	if (!e->count_var && !given)
		return cli_error("--shard=auto: %s gives the index (%s) but "
				 "not the count: write --shard=auto/N",
				 e->name, e->index_var);
	if (e->count_var && given && have != given)
		return cli_error("--shard=auto/%u: %s runs %lu jobs (%s)",
				 given, e->name, have, e->count_var);
	if (e->count_var)
		given = (unsigned)(have > COUNT_MAX ? 0 : have);
	if (!given)
		return cli_error("--shard=auto: %s=%lu: expected a count "
				 "from 1 to %d", e->count_var, have,
				 COUNT_MAX);
	*n = given;
	return CLI_OK;
}

/* K = index - base + 1, when the index is in the engine's range. */
static int map_plain(const shard_engine *e, unsigned given, unsigned *k,
		     unsigned *n)
{
	unsigned long index, count = 0;

	if (env_number(e, e->index_var, &index) ||
	    (e->count_var && env_number(e, e->count_var, &count)) ||
	    engine_count(e, count, given, n))
		return CLI_FAIL;
	if (index < e->base || index - e->base >= *n)
		return cli_error("--shard=auto: %s=%lu is out of %s's range "
				 "%u to %u", e->index_var, index, e->name,
				 e->base, e->base + *n - 1);
	*k = (unsigned)(index - e->base) + 1;
	return CLI_OK;
}

/* An array --array=MIN-MAX:STEP runs tasks MIN, MIN+STEP, ... MAX: task
 * ID is part (ID - MIN) / STEP + 1. An array of listed indices that are
 * not such a range (--array=1,2,7) has no K to give. */
static int map_slurm(const shard_engine *e, unsigned given, unsigned *k,
		     unsigned *n)
{
	unsigned long id, min, max, step = 1, count;

	if (env_number(e, e->index_var, &id) ||
	    env_number(e, "SLURM_ARRAY_TASK_MIN", &min) ||
	    env_number(e, "SLURM_ARRAY_TASK_MAX", &max) ||
	    (is_set("SLURM_ARRAY_TASK_STEP") &&
	     env_number(e, "SLURM_ARRAY_TASK_STEP", &step)))
		return CLI_FAIL;
	if (!step || max < min || id < min || id > max ||
	    (id - min) % step)
		return cli_error("--shard=auto: task %lu is not in the Slurm "
				 "array %lu-%lu:%lu", id, min, max, step);
	count = (max - min) / step + 1;
	if (is_set(e->count_var)) {
		unsigned long said;

		if (env_number(e, e->count_var, &said))
			return CLI_FAIL;
		if (said != count)
			return cli_error("--shard=auto: the Slurm array %lu-%lu:"
					 "%lu has %lu tasks, not %s=%lu: an "
					 "array of listed indices needs "
					 "--shard=K/N", min, max, step, count,
					 e->count_var, said);
	}
	if (engine_count(e, count, given, n))
		return CLI_FAIL;
	*k = (unsigned)((id - min) / step) + 1;
	return CLI_OK;
}

/* "auto" or "auto/N": *given is N, or 0. */
static int parse_spec(const char *spec, unsigned *given)
{
	const char *p = spec + 4;
	unsigned long v = 0;

	*given = 0;
	if (!*p)
		return CLI_OK;
	if (*p++ == '/' && *p) {
		while (*p >= '0' && *p <= '9' && v <= COUNT_MAX)
			v = v * 10 + (unsigned long)(*p++ - '0');
		if (!*p && v && v <= COUNT_MAX) {
			*given = (unsigned)v;
			return CLI_OK;
		}
	}
	return cli_error("invalid --shard '%s': expected auto or auto/N, N "
			 "from 1 to %d", spec, COUNT_MAX);
}

/* The one engine whose index variable is set; CLI_FAIL after an error
 * naming them all when none or several are. */
static int find_engine(const shard_engine **found)
{
	char names[512] = "";
	size_t used = 0, nfound = 0;

	*found = NULL;
	for (size_t i = 0; i < NENGINES; i++)
		if (is_set(engines[i].index_var)) {
			nfound++;
			if (!*found)
				*found = &engines[i];
		}
	if (nfound == 1)
		return CLI_OK;
	for (size_t i = 0; i < NENGINES && used < sizeof(names); i++)
		if (!nfound || is_set(engines[i].index_var))
			used += (size_t)snprintf(names + used,
						 sizeof(names) - used,
						 "%s%s (%s)", used ? ", " : "",
						 engines[i].name,
						 engines[i].index_var);
	if (!nfound)
		return cli_error("--shard=auto: no CI or batch engine's shard "
				 "index is set: looked for %s; use --shard=K/N",
				 names);
	return cli_error("--shard=auto: the variables of several engines are "
			 "set: %s; use --shard=K/N", names);
}

int audit_shard_auto(const char *spec, unsigned *k, unsigned *n)
{
	const shard_engine *e;
	unsigned given;

	if (parse_spec(spec, &given) || find_engine(&e) ||
	    e->map(e, given, k, n))
		return CLI_FAIL;
	fprintf(stderr, "flagspace: --shard=auto: shard %u/%u, from %s (%s=%s)\n",
		*k, *n, e->name, e->index_var, getenv(e->index_var));
	return CLI_OK;
}

int audit_shard_is_auto(const char *spec)
{
	return !strncmp(spec, "auto", 4) && (!spec[4] || spec[4] == '/');
}
