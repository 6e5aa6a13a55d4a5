/* shard_auto.h: `audit --shard=auto`: the shard from the CI or batch
 * engine's variables (GitLab, Kubernetes Indexed Jobs, Slurm job arrays,
 * Buildkite, CircleCI). */
#ifndef FS_SHARD_AUTO_H
#define FS_SHARD_AUTO_H

/* Whether a --shard spec is "auto" or "auto/N". */
int audit_shard_is_auto(const char *spec);
/* Sets *k (1 to *n) and *n from the environment of the one engine whose
 * index variable is set; N of "auto/N" is the count for an engine that
 * does not give one (Kubernetes) and must equal the count of one that
 * does. Prints which engine gave the shard on stderr. Returns CLI_OK, or
 * CLI_FAIL after a one-line error: no engine or several, a variable that
 * is not a number, an index out of range, a Slurm array of listed indices
 * that is not a range with a step. */
int audit_shard_auto(const char *spec, unsigned *k, unsigned *n);

#endif
