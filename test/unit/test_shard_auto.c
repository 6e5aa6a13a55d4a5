/* test_shard_auto.c: `audit --shard=auto` maps each CI or batch engine's
 * job index and count to flagspace's K/N, K from 1
 * (checker/cli/plan/shard_auto.c), and refuses what has no such mapping. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "shard_auto.h"
#include "unit_helpers.h"

/* Every variable an engine may set: the tests start from none. */
static const char *const engine_vars[] = {
	"CI_NODE_INDEX", "CI_NODE_TOTAL", "JOB_COMPLETION_INDEX",
	"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
	"SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
	"BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT",
	"CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL",
};

static int clear_env(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(engine_vars) / sizeof(*engine_vars); i++)
		unsetenv(engine_vars[i]);
	return 0;
}

/* What audit_shard_auto printed on stderr, for the last call. */
static char said[1024];

/* Runs audit_shard_auto(spec) with stderr captured into `said`. */
static int shard_auto(const char *spec, unsigned *k, unsigned *n)
{
	FILE *log = tmpfile();
	int saved = dup(2), res;
	size_t len;

	assert_non_null(log);
	fflush(stderr);
	dup2(fileno(log), 2);
	*k = *n = 0;
	res = audit_shard_auto(spec, k, n);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(log);
	len = fread(said, 1, sizeof(said) - 1, log);
	said[len] = '\0';
	fclose(log);
	return res;
}

static void expect_shard(const char *spec, unsigned k, unsigned n)
{
	unsigned got_k, got_n;

	if (shard_auto(spec, &got_k, &got_n) != CLI_OK)
		fail_msg("%s: %s", spec, said);
	assert_int_equal(got_k, k);
	assert_int_equal(got_n, n);
}

static void expect_error(const char *spec, const char *message)
{
	unsigned k, n;

	assert_int_equal(shard_auto(spec, &k, &n), CLI_FAIL);
	if (!strstr(said, message))
		fail_msg("'%s' not in: %s", message, said);
}

static void gitlab_counts_from_one(void **state)
{
	(void)state;
	setenv("CI_NODE_TOTAL", "4", 1);
	setenv("CI_NODE_INDEX", "1", 1);
	expect_shard("auto", 1, 4);
	assert_non_null(strstr(said, "shard 1/4, from GitLab CI "
				     "(CI_NODE_INDEX=1)"));
	setenv("CI_NODE_INDEX", "4", 1);
	expect_shard("auto", 4, 4);
	expect_shard("auto/4", 4, 4);
	expect_error("auto/3", "--shard=auto/3: GitLab CI runs 4 jobs "
			       "(CI_NODE_TOTAL)");
	setenv("CI_NODE_INDEX", "0", 1);
	expect_error("auto", "CI_NODE_INDEX=0 is out of GitLab CI's range "
			     "1 to 4");
	setenv("CI_NODE_INDEX", "5", 1);
	expect_error("auto", "CI_NODE_INDEX=5 is out of GitLab CI's range");
	unsetenv("CI_NODE_TOTAL");
	expect_error("auto", "GitLab CI sets CI_NODE_INDEX but not "
			     "CI_NODE_TOTAL");
}

static void kubernetes_needs_the_count(void **state)
{
	(void)state;
	setenv("JOB_COMPLETION_INDEX", "0", 1);
	expect_shard("auto/3", 1, 3);
	setenv("JOB_COMPLETION_INDEX", "2", 1);
	expect_shard("auto/3", 3, 3);
	expect_error("auto/2", "JOB_COMPLETION_INDEX=2 is out of a "
			       "Kubernetes Indexed Job's range 0 to 1");
	expect_error("auto", "a Kubernetes Indexed Job gives the index "
			     "(JOB_COMPLETION_INDEX) but not the count: write "
			     "--shard=auto/N");
}

static void slurm(const char *id, const char *min, const char *max,
		  const char *step, const char *count)
{
	setenv("SLURM_ARRAY_TASK_ID", id, 1);
	setenv("SLURM_ARRAY_TASK_MIN", min, 1);
	setenv("SLURM_ARRAY_TASK_MAX", max, 1);
	if (step)
		setenv("SLURM_ARRAY_TASK_STEP", step, 1);
	else
		unsetenv("SLURM_ARRAY_TASK_STEP");
	if (count)
		setenv("SLURM_ARRAY_TASK_COUNT", count, 1);
	else
		unsetenv("SLURM_ARRAY_TASK_COUNT");
}

/* sbatch --array=3-11:4 runs tasks 3, 7 and 11. */
static void slurm_ranges_and_steps(void **state)
{
	(void)state;
	slurm("3", "3", "11", "4", "3");
	expect_shard("auto", 1, 3);
	slurm("7", "3", "11", "4", "3");
	expect_shard("auto", 2, 3);
	slurm("11", "3", "11", "4", "3");
	expect_shard("auto", 3, 3);
	expect_shard("auto/3", 3, 3);
	/* --array=0-15, old Slurm without _STEP and _COUNT. */
	slurm("0", "0", "15", NULL, NULL);
	expect_shard("auto", 1, 16);
	slurm("15", "0", "15", NULL, NULL);
	expect_shard("auto", 16, 16);
	/* --array=1-1: one task. */
	slurm("1", "1", "1", "1", "1");
	expect_shard("auto", 1, 1);

	slurm("5", "3", "11", "4", "3");
	expect_error("auto", "task 5 is not in the Slurm array 3-11:4");
	slurm("12", "3", "11", "4", "3");
	expect_error("auto", "task 12 is not in the Slurm array 3-11:4");
	/* --array=1,2,7: not a range with a step. */
	slurm("2", "1", "7", "1", "3");
	expect_error("auto", "the Slurm array 1-7:1 has 7 tasks, not "
			     "SLURM_ARRAY_TASK_COUNT=3: an array of listed "
			     "indices needs --shard=K/N");
	slurm("3", "3", "11", "0", "3");
	expect_error("auto", "not in the Slurm array 3-11:0");
	slurm("3", "3", "11", "4x", "3");
	expect_error("auto", "SLURM_ARRAY_TASK_STEP='4x' is not a whole "
			     "number");
	unsetenv("SLURM_ARRAY_TASK_MAX");
	expect_error("auto", "a Slurm job array sets SLURM_ARRAY_TASK_ID but "
			     "not SLURM_ARRAY_TASK_MAX");
}

static void buildkite_counts_from_zero(void **state)
{
	(void)state;
	setenv("BUILDKITE_PARALLEL_JOB", "0", 1);
	setenv("BUILDKITE_PARALLEL_JOB_COUNT", "5", 1);
	expect_shard("auto", 1, 5);
	setenv("BUILDKITE_PARALLEL_JOB", "4", 1);
	expect_shard("auto", 5, 5);
	setenv("BUILDKITE_PARALLEL_JOB", "5", 1);
	expect_error("auto", "BUILDKITE_PARALLEL_JOB=5 is out of Buildkite's "
			     "range 0 to 4");
}

static void circleci_counts_from_zero(void **state)
{
	(void)state;
	setenv("CIRCLE_NODE_INDEX", "0", 1);
	setenv("CIRCLE_NODE_TOTAL", "2", 1);
	expect_shard("auto", 1, 2);
	setenv("CIRCLE_NODE_INDEX", "1", 1);
	expect_shard("auto", 2, 2);
	setenv("CIRCLE_NODE_TOTAL", "0", 1);
	expect_error("auto", "CIRCLE_NODE_TOTAL=0: expected a count from 1");
	setenv("CIRCLE_NODE_TOTAL", "-2", 1);
	expect_error("auto", "CIRCLE_NODE_TOTAL='-2' is not a whole number");
}

static void none_or_several(void **state)
{
	(void)state;
	expect_error("auto", "--shard=auto: no CI or batch engine's shard "
			     "index is set: looked for GitLab CI "
			     "(CI_NODE_INDEX), a Kubernetes Indexed Job "
			     "(JOB_COMPLETION_INDEX), a Slurm job array "
			     "(SLURM_ARRAY_TASK_ID), Buildkite "
			     "(BUILDKITE_PARALLEL_JOB), CircleCI "
			     "(CIRCLE_NODE_INDEX); use --shard=K/N");
	/* Empty is unset, as a shell's VAR= leaves it. */
	setenv("CI_NODE_INDEX", "", 1);
	expect_error("auto", "no CI or batch engine's shard index is set");
	setenv("CI_NODE_INDEX", "1", 1);
	setenv("CI_NODE_TOTAL", "2", 1);
	setenv("CIRCLE_NODE_INDEX", "0", 1);
	setenv("CIRCLE_NODE_TOTAL", "2", 1);
	expect_error("auto", "the variables of several engines are set: "
			     "GitLab CI (CI_NODE_INDEX), CircleCI "
			     "(CIRCLE_NODE_INDEX); use --shard=K/N");
}

static void specs(void **state)
{
	(void)state;
	assert_true(audit_shard_is_auto("auto"));
	assert_true(audit_shard_is_auto("auto/4"));
	assert_false(audit_shard_is_auto("automatic"));
	assert_false(audit_shard_is_auto("1/4"));
	setenv("JOB_COMPLETION_INDEX", "0", 1);
	expect_error("auto/", "invalid --shard 'auto/': expected auto or "
			      "auto/N, N from 1 to 100000");
	expect_error("auto/0", "invalid --shard 'auto/0'");
	expect_error("auto/100001", "invalid --shard 'auto/100001'");
	expect_error("auto/2x", "invalid --shard 'auto/2x'");
	expect_shard("auto/100000", 1, 100000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(gitlab_counts_from_one, clear_env),
		cmocka_unit_test_setup(kubernetes_needs_the_count, clear_env),
		cmocka_unit_test_setup(slurm_ranges_and_steps, clear_env),
		cmocka_unit_test_setup(buildkite_counts_from_zero, clear_env),
		cmocka_unit_test_setup(circleci_counts_from_zero, clear_env),
		cmocka_unit_test_setup(none_or_several, clear_env),
		cmocka_unit_test_setup(specs, clear_env),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
